import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';

interface Props {
  active: boolean;
  blocked: boolean;
  /** yyyy-MM-dd of a planned deactivation, '' for none. */
  desiredDeactivationDate: string;
  anonymized?: boolean;
}

/** Active or inactive, blocked, and a planned deactivation day (SPEC §4). */
export function UserStatusBadges({ active, blocked, desiredDeactivationDate, anonymized }: Props) {
  const { t } = useTranslation('users');
  return (
    <Group gap={4} wrap="nowrap" data-testid="user-status">
      <Badge color={active ? 'green' : 'gray'} variant="light">
        {active ? t('status.active') : t('status.inactive')}
      </Badge>
      {blocked && (
        <Badge color="red" variant="light">
          {t('status.blocked')}
        </Badge>
      )}
      {active && desiredDeactivationDate && (
        <Badge color="orange" variant="light" data-testid="planned-deactivation">
          {t('status.plannedDeactivation', { date: formatDate(desiredDeactivationDate) })}
        </Badge>
      )}
      {anonymized && (
        <Badge color="dark" variant="light">
          {t('status.anonymized')}
        </Badge>
      )}
    </Group>
  );
}
