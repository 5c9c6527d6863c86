import { Card, Loader, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import { useAddUserRole } from '../../api/addUserRole';
import { useAssignableRoles } from '../../api/getAssignableRoles';
import { useUserRoles } from '../../api/getUserRoles';
import { useRemoveUserRole } from '../../api/removeUserRole';
import { useDetailUser } from './userContext';

/**
 * An admin's roles, granted or taken one at a time (SPEC §4). Only roles the
 * signed-in admin holds can be changed (SPEC §6); the server says why when
 * it refuses (ROLE_NOT_HELD, LAST_ROLE).
 */
export default function RolesTab() {
  const { t } = useTranslation('users');
  const user = useDetailUser();
  const roles = useUserRoles(user.ospId);
  const all = useAssignableRoles();
  const add = useAddUserRole();
  const remove = useRemoveUserRole();
  const busy = add.isPending || remove.isPending;
  const pendingRole = add.variables?.role ?? remove.variables?.role;

  if (roles.isPending || all.isPending) return <PageLoader />;
  if (roles.isError) return <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />;
  if (all.isError) return <ErrorState error={all.error} onRetry={() => void all.refetch()} />;

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('roles.intro')}
        </Text>
        {all.data.map(({ role, assignable }) => {
          const held = roles.data.includes(role);
          return (
            <Switch
              key={role}
              label={t(`roles.names.${role}`, { defaultValue: role })}
              description={assignable ? undefined : t('roles.notAssignable')}
              checked={held}
              disabled={!assignable || busy}
              thumbIcon={busy && pendingRole === role ? <Loader size={10} /> : undefined}
              onChange={() => (held ? remove : add).mutate({ ospId: user.ospId, role })}
              data-testid={`role-${role}`}
            />
          );
        })}
      </Stack>
    </Card>
  );
}
