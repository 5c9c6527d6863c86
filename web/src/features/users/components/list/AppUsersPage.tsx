import { Button, Card, Checkbox, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PageLoader } from '@/components/PageLoader';
import { PagedTable, type Column } from '@/components/PagedTable';
import { Money } from '@/components/Money';
import type { NegativeUser, UserListItem } from '@/lib/api/types';
import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { namedRoutes, paths } from '@/lib/routes';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useFindUsers } from '../../api/findUsers';
import { useNegativeBudgetCount } from '../../api/countWithNegativeBudget';
import { useNegativeBudgetUsers } from '../../api/findWithNegativeBudget';
import { UserStatusBadges } from '../UserStatusBadges';
import { SelfRegistrationLinkButton } from './SelfRegistrationLinkButton';
import { useListParams } from './useListParams';

/** manage/app-users: the company's app users, paged and sorted by the server. */
export default function AppUsersPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const { ospId: corporateAccountOspId } = useSelectedCorporateAccount();
  const list = useListParams({ property: 'lastname', direction: 'ASC' });
  // The box shows every keystroke; the list follows 700 ms after the last one.
  const [searchText, setSearchText] = useState(list.search);
  const applySearch = useDebouncedCallback((value: string) => list.setSearch(value.trim()), SEARCH_DEBOUNCE_MS);

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
        <Stack gap="md">
          <Group align="flex-end" gap="lg">
            <TextInput
              label={t('list.search')}
              placeholder={t('list.searchPlaceholder')}
              value={searchText}
              onChange={(event) => {
                setSearchText(event.currentTarget.value);
                applySearch(event.currentTarget.value);
              }}
              w={320}
              data-testid="app-users-search"
            />
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
          </Group>
          {list.negative ? (
            <PagedTable
              testId="negative-users-table"
              columns={negativeColumns}
              rows={negative.data?.content}
              rowKey={(u) => u.ospId}
              isLoading={negative.isPending}
              isFetching={negative.isFetching}
              error={negative.error}
              onRetry={() => void negative.refetch()}
              emptyMessage={t('list.noNegative')}
              page={list.page}
              totalPages={negative.data?.totalPages}
              totalElements={negative.data?.totalElements}
              onPageChange={list.setPage}
              onRowClick={(u) => navigate(namedRoutes.AppUserDetailView(u.ospId))}
            />
          ) : (
          <PagedTable
            testId="app-users-table"
            columns={columns}
            rows={query.data?.content}
            rowKey={(u) => u.ospId}
            isLoading={query.isPending}
            isFetching={query.isFetching}
            error={query.error}
            onRetry={() => void query.refetch()}
            emptyMessage={list.search ? t('list.noMatches') : t('list.empty')}
            page={list.page}
            totalPages={query.data?.totalPages}
            totalElements={query.data?.totalElements}
            onPageChange={list.setPage}
            sort={list.sort}
            onSortChange={list.setSort}
            onRowClick={(u) => navigate(namedRoutes.AppUserDetailView(u.ospId))}
          />
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
