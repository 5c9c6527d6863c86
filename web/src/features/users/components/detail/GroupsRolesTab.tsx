import { Badge, Card, Loader, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import { useAddUserRole } from '../../api/addUserRole';
import { useGroupsOfUser } from '../../api/getGroupsOfUser';
import { useUserRoles } from '../../api/getUserRoles';
import { useRemoveUserRole } from '../../api/removeUserRole';
import { useDetailUser } from './userContext';

/** SPEC §3: app users may also get the role to manage the company budget. */
const COMPANY_BUDGET_MANAGER = 'company_budget_manager';

export default function GroupsRolesTab() {
  const { t } = useTranslation('users');
  const user = useDetailUser();
  const groups = useGroupsOfUser(user.ospId);
  const roles = useUserRoles(user.ospId);
  const add = useAddUserRole();
  const remove = useRemoveUserRole();

  const isBudgetManager = roles.data?.includes(COMPANY_BUDGET_MANAGER) ?? false;

  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Title order={4} mb="sm">
          {t('groupsRoles.groups')}
        </Title>
        {groups.isPending ? (
          <PageLoader />
        ) : groups.isError ? (
          <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />
        ) : groups.data.length === 0 ? (
          <EmptyState message={t('groupsRoles.noGroups')} />
        ) : (
          <Table data-testid="user-groups">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('groupsRoles.name')}</Table.Th>
                <Table.Th>{t('groupsRoles.description')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.data.map((group) => (
                <Table.Tr key={group.ospId}>
                  <Table.Td>
                    {group.data.name}{' '}
                    {group.data.isDefault && (
                      <Badge size="xs" variant="light">
                        {t('groupsRoles.default')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{group.data.description}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <Card withBorder padding="lg">
        <Title order={4} mb="sm">
          {t('groupsRoles.roles')}
        </Title>
        {roles.isPending ? (
          <Loader size="sm" />
        ) : roles.isError ? (
          <ErrorState error={roles.error} onRetry={() => void roles.refetch()} />
        ) : (
          <Switch
            label={t('roles.names.company_budget_manager')}
            description={t('groupsRoles.companyBudgetManagerHint')}
            checked={isBudgetManager}
            disabled={add.isPending || remove.isPending}
            onChange={() => (isBudgetManager ? remove : add).mutate({ ospId: user.ospId, role: COMPANY_BUDGET_MANAGER })}
            data-testid="company-budget-manager"
          />
        )}
        <Text size="xs" c="dimmed" mt="xs">
          {t('groupsRoles.rolesNote')}
        </Text>
      </Card>
    </Stack>
  );
}
