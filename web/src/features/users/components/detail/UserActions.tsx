import { Button, Group, Menu } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivationMoment, SessionUser, User } from '@/lib/api/types';
import { notifySuccess } from '@/lib/notify';
import { useActivateUser } from '../../api/activateUser';
import { useClearTwoFactor } from '../../api/clearTwoFactor';
import { useSendPincode } from '../../api/sendPincode';
import { useUnblockUser } from '../../api/unblockUser';
import { AnonymizeDialog } from './AnonymizeDialog';
import { DeactivateDialog } from './DeactivateDialog';

/** The state actions of SPEC §4 that apply to this user. */
export function UserActions({ user }: { user: User; viewer: SessionUser }) {
  const { t } = useTranslation('users');
  const activate = useActivateUser();
  const unblock = useUnblockUser();
  const pincode = useSendPincode();
  const clear2fa = useClearTwoFactor();
  const [dialog, setDialog] = useState<'deactivate' | 'anonymize' | null>(null);

  const onActivate = (when: ActivationMoment) =>
    activate.mutate(
      { ospId: user.ospId, when },
      { onSuccess: () => notifySuccess(t(when === 'NOW' ? 'actions.activated' : 'actions.activationPlanned')) },
    );

  return (
    <Group gap="xs">
      {!user.active && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button loading={activate.isPending} data-testid="activate">
              {t('actions.activate')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => onActivate('NOW')}>{t('actions.now')}</Menu.Item>
            <Menu.Item onClick={() => onActivate('END_OF_DAY')}>{t('actions.endOfDay')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      {user.active && (
        <Button variant="light" color="orange" onClick={() => setDialog('deactivate')} data-testid="deactivate">
          {t('actions.deactivate')}
        </Button>
      )}
      {user.blocked && (
        <Button
          variant="light"
          loading={unblock.isPending}
          onClick={() => unblock.mutate(user.ospId, { onSuccess: () => notifySuccess(t('actions.unblocked')) })}
        >
          {t('actions.unblock')}
        </Button>
      )}
      {user.type === 'mobile' && (
        <Button
          variant="light"
          loading={pincode.isPending}
          onClick={() => pincode.mutate(user.ospId, { onSuccess: () => notifySuccess(t('actions.pincodeSent')) })}
        >
          {t('actions.sendPincode')}
        </Button>
      )}
      {user.type === 'admin' && (
        <Button
          variant="light"
          loading={clear2fa.isPending}
          disabled={!user.twoFactorEnrolled}
          onClick={() => clear2fa.mutate(user.ospId, { onSuccess: () => notifySuccess(t('actions.twoFactorCleared')) })}
        >
          {t('actions.clearTwoFactor')}
        </Button>
      )}
      <Button variant="subtle" color="red" onClick={() => setDialog('anonymize')} data-testid="anonymize">
        {t('actions.anonymize')}
      </Button>
      <DeactivateDialog user={user} opened={dialog === 'deactivate'} onClose={() => setDialog(null)} />
      <AnonymizeDialog user={user} opened={dialog === 'anonymize'} onClose={() => setDialog(null)} />
    </Group>
  );
}
