import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SessionUser, User } from '@/lib/api/types';
import { formatDateTime } from '@/lib/format';
import { UserStatusBadges } from '../UserStatusBadges';
import { UserActions } from './UserActions';

/** Name, type, state and the state actions of one user. */
export function UserHeader({ user, viewer }: { user: User; viewer: SessionUser }) {
  const { t } = useTranslation('users');
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={6}>
          <Group gap="sm">
            <Title order={2} data-testid="user-name">
              {user.fullName}
            </Title>
            <Badge variant="outline">{t(`types.${user.type}`)}</Badge>
          </Group>
          <UserStatusBadges
            active={user.active}
            blocked={user.blocked}
            desiredDeactivationDate={user.userData.desiredDeactivationDate}
            anonymized={user.anonymized}
          />
          {user.active && user.startActivationTime && (
            <Text size="sm" c="dimmed">
              {t('status.activeSince', { date: formatDateTime(user.startActivationTime) })}
            </Text>
          )}
        </Stack>
        {!user.anonymized && <UserActions user={user} viewer={viewer} />}
      </Group>
    </Card>
  );
}
