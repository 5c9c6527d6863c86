import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/DateField';
import type { DeactivateUserRequest, DeactivationMoment, User } from '@/lib/api/types';
import { notifySuccess } from '@/lib/notify';
import { useDeactivateUser } from '../../api/deactivateUser';

const MOMENTS: DeactivationMoment[] = ['NOW', 'END_OF_DAY', 'ON_DATE', 'MANUALLY'];

/** The request for a choice; null while the chosen day is missing. */
export function deactivationRequest(ospId: string, when: DeactivationMoment, date: string): DeactivateUserRequest | null {
  if (when === 'ON_DATE') return date ? { ospId, when, date } : null;
  return { ospId, when };
}

interface Props {
  user: User;
  opened: boolean;
  onClose: () => void;
}

/**
 * Deactivate now, at the end of the day, on a chosen day, or manually
 * (no automatic moment; also clears a planned day). SPEC §4.
 */
export function DeactivateDialog({ user, opened, onClose }: Props) {
  const { t } = useTranslation('users');
  const deactivate = useDeactivateUser();
  const [when, setWhen] = useState<DeactivationMoment>('NOW');
  const [date, setDate] = useState(user.userData.desiredDeactivationDate || '');
  const [dateMissing, setDateMissing] = useState(false);
  const tomorrow = dayjs().add(1, 'day').startOf('day').toDate();

  const submit = () => {
    const request = deactivationRequest(user.ospId, when, date);
    if (!request) {
      setDateMissing(true);
      return;
    }
    deactivate.mutate(request, {
      onSuccess: () => {
        notifySuccess(t(`deactivate.done.${when}`));
        onClose();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('deactivate.title', { name: user.fullName })} centered>
      <Stack gap="md">
        <Radio.Group value={when} onChange={(value) => setWhen(value as DeactivationMoment)} label={t('deactivate.when')}>
          <Stack gap="xs" mt="xs">
            {MOMENTS.map((moment) => (
              <Radio key={moment} value={moment} label={t(`deactivate.moments.${moment}`)} data-testid={`deactivate-${moment}`} />
            ))}
          </Stack>
        </Radio.Group>
        {when === 'ON_DATE' && (
          <DateField
            label={t('deactivate.date')}
            withAsterisk
            value={date}
            onChange={(value) => {
              setDate(value);
              setDateMissing(false);
            }}
            minDate={tomorrow}
            error={dateMissing ? t('validation:required', { label: t('deactivate.date') }) : undefined}
            data-testid="deactivate-date"
          />
        )}
        <Text size="sm" c="dimmed">
          {t('deactivate.privateBudgetNote')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={deactivate.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button color="orange" onClick={submit} loading={deactivate.isPending} data-testid="deactivate-confirm">
            {t('deactivate.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
