import { Button, Card, Checkbox, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageLoader } from '@/components/PageLoader';
import { PagedList } from '@/components/list/PagedList';
import { useListParams } from '@/components/list/listState';
import type { Column } from '@/components/PagedTable';
import { Money } from '@/components/Money';
import type { NegativeUser, UserListItem } from '@/lib/api/types';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { namedRoutes, paths } from '@/lib/routes';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useFindUsers } from '../../api/findUsers';
import { useNegativeBudgetCount } from '../../api/countWithNegativeBudget';
import { useNegativeBudgetUsers } from '../../api/findWithNegativeBudget';
import { UserStatusBadges } from '../UserStatusBadges';
import { SelfRegistrationLinkButton } from './SelfRegistrationLinkButton';

/** manage/app-users: the company's app users, paged and sorted by the server. */
export default function AppUsersPage() {
  const { t } = useTranslation('users');
  const { ospId: corporateAccountOspId } = useSelectedCorporateAccount();
  const list = useListParams({ property: 'lastname', direction: 'ASC' });

  const query = useFindUsers(
    {
      corporateAccountOspId: corporateAccountOspId ?? '',
      types: ['mobile'],
      active: !list.inactive,
      search: list.search || undefined,
      pagination: { page: list.page, size: DEFAULT_PAGE_SIZE, sortOrders: [list.sort] },
    },
    Boolean(corporateAccountOspId) && !list.negative,
  );
  const negativeCount = useNegativeBudgetCount(corporateAccountOspId ?? '');
  const negative = useNegativeBudgetUsers(
    { corporateAccountOspId: corporateAccountOspId ?? '', pagination: { page: list.page, size: DEFAULT_PAGE_SIZE } },
    Boolean(corporateAccountOspId) && list.negative,
  );

  if (!corporateAccountOspId) return <PageLoader />;

  const columns: Column<UserListItem>[] = [
    { key: 'name', header: t('columns.name'), sortProperty: 'lastname', render: (u) => u.fullName },
    { key: 'login', header: t('columns.login'), sortProperty: 'login', render: (u) => u.login },
    { key: 'email', header: t('columns.email'), sortProperty: 'email', render: (u) => u.email },
    { key: 'employeeNumber', header: t('columns.employeeNumber'), sortProperty: 'employeeNumber', render: (u) => u.employeeNumber },
    { key: 'extId', header: t('columns.extId'), sortProperty: 'extId', render: (u) => u.extId },
    {
      key: 'status',
      header: t('columns.status'),
      sortProperty: 'active',
      render: (u) => (
        <UserStatusBadges active={u.active} blocked={u.blocked} desiredDeactivationDate={u.desiredDeactivationDate} />
      ),
    },
  ];

  const negativeColumns: Column<NegativeUser>[] = [
    { key: 'name', header: t('columns.name'), render: (u) => u.fullName },
    { key: 'login', header: t('columns.login'), render: (u) => u.login },
    { key: 'email', header: t('columns.email'), render: (u) => u.email },
    { key: 'amount', header: t('columns.negativeAmount'), render: (u) => <Money cents={u.amount} colored /> },
  ];

  const search = { label: t('list.search'), placeholder: t('list.searchPlaceholder'), testId: 'app-users-search' };
  const filters = (
    <>
      <Checkbox
        label={t('list.inactiveOnly')}
        checked={list.inactive}
        onChange={(event) => list.setInactive(event.currentTarget.checked)}
      />
      <Checkbox
        label={t('list.negativeOnly', { count: negativeCount.data?.count ?? 0 })}
        checked={list.negative}
        onChange={(event) => list.setNegative(event.currentTarget.checked)}
        data-testid="negative-filter"
      />
    </>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{t('list.title')}</Title>
        <Group gap="xs">
          <Button component={Link} to={paths.addAppUser} data-testid="add-app-user">
            {t('list.add')}
          </Button>
          <Button component={Link} to={namedRoutes.ImportUsers('create')} variant="light">
            {t('list.import')}
          </Button>
          <Button component={Link} to={namedRoutes.ImportUsers('update')} variant="light">
            {t('list.updateByFile')}
          </Button>
          <SelfRegistrationLinkButton corporateAccountOspId={corporateAccountOspId} />
        </Group>
      </Group>
      <Card withBorder padding="md">
        {list.negative ? (
          <PagedList
            testId="negative-users-table"
            query={negative}
            list={list}
            columns={negativeColumns}
            rowKey={(u) => u.ospId}
            rowHref={(u) => namedRoutes.AppUserDetailView(u.ospId)}
            emptyMessage={t('list.noNegative')}
            search={search}
            toolbar={filters}
          />
        ) : (
          <PagedList
            testId="app-users-table"
            query={query}
            list={list}
            sortable
            columns={columns}
            rowKey={(u) => u.ospId}
            rowHref={(u) => namedRoutes.AppUserDetailView(u.ospId)}
            emptyMessage={list.search ? t('list.noMatches') : t('list.empty')}
            search={search}
            toolbar={filters}
          />
        )}
      </Card>
    </Stack>
  );
}
