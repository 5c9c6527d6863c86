import { Checkbox } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import type { User } from '@/lib/api/types';
import { notifySuccess } from '@/lib/notify';
import { useAnonymizeUser } from '../../api/anonymizeUser';

/** Anonymizing cannot be undone, so the admin must tick that they understand first. */
export function AnonymizeDialog({ user, opened, onClose }: { user: User; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('users');
  const anonymize = useAnonymizeUser();
  const [understood, setUnderstood] = useState(false);
  const close = () => {
    setUnderstood(false);
    onClose();
  };
  return (
    <ConfirmDialog
      opened={opened}
      onClose={close}
      danger
      title={t('anonymize.title', { name: user.fullName })}
      message={t('anonymize.message')}
      confirmLabel={t('anonymize.confirm')}
      confirmDisabled={!understood}
      loading={anonymize.isPending}
      onConfirm={() =>
        anonymize.mutate(user.ospId, {
          onSuccess: () => {
            notifySuccess(t('anonymize.done'));
            close();
          },
        })
      }
    >
      <Checkbox
        label={t('anonymize.understood')}
        checked={understood}
        onChange={(event) => setUnderstood(event.currentTarget.checked)}
        data-testid="anonymize-understood"
      />
    </ConfirmDialog>
  );
}
