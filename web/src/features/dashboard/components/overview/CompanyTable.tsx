import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PagedList } from '@/components/list/PagedList';
import { useListState } from '@/components/list/listState';
import type { Column, Sort } from '@/components/PagedTable';
import { useFormatMoney } from '@/components/Money';
import { COMPANY_TABLE_PAGE_SIZE } from '@/lib/constants';
import { useCompanies, type CompanyRow, type OverviewFilter } from '../../api/overview';
import { sumCents } from './rules';

interface Props {
  filter: OverviewFilter;
  /** Where a company's row leads (the dashboard with that company selected); none: rows are not links. */
  companyHref?: (row: CompanyRow) => string;
  onCompanyOpen?: (row: CompanyRow) => void;
}

/** Name ascending, the table's default order (SPEC §2). */
export const DEFAULT_COMPANY_SORT: Sort = { property: 'name', direction: 'ASC' };

/**
 * The per-company table (MSP users, SPEC §2): company, active users,
 * expenses, transactions, budget; sorted and paged by the server, 5 rows a
 * page, default name ascending. Amounts arrive in cents and are shown as
 * euros; the page's total is summed in cents first (SPEC §9).
 */
export function CompanyTable({ filter, companyHref, onCompanyOpen }: Props) {
  const { t } = useTranslation('dashboard');
  const money = useFormatMoney();
  const list = useListState(DEFAULT_COMPANY_SORT);
  const sort = list.sort ?? DEFAULT_COMPANY_SORT;
  const query = useCompanies(
    {
      ...filter,
      pagination: { page: list.page, size: COMPANY_TABLE_PAGE_SIZE, sortOrders: [sort] },
    },
    true,
  );

  const columns: Column<CompanyRow>[] = [
    { key: 'name', header: t('overview.companies.name'), render: (row) => row.name, sortProperty: 'name' },
    { key: 'activeUsers', header: t('overview.companies.activeUsers'), render: (row) => row.activeUsers, sortProperty: 'activeUsers' },
    {
      key: 'expenses',
      header: t('overview.companies.expenses'),
      render: (row) => money(row.expensesAmount),
      sortProperty: 'expensesAmount',
    },
    {
      key: 'transactions',
      header: t('overview.companies.transactions'),
      render: (row) => row.transactionsCount,
      sortProperty: 'transactionsCount',
    },
    {
      key: 'budget',
      header: t('overview.companies.budget'),
      render: (row) => (row.budgetBalance === null ? '–' : money(row.budgetBalance)),
      sortProperty: 'budgetBalance',
    },
  ];
  const rows = query.data?.content ?? [];

  return (
    <Card withBorder padding="lg" data-testid="company-table-card">
      <Stack gap="md">
        <Title order={3} size="h4">
          {t('overview.companies.title')}
        </Title>
        <PagedList
          query={query}
          list={list}
          sortable
          columns={columns}
          rowKey={(row) => row.corporateAccountOspId}
          rowHref={companyHref}
          onRowOpen={onCompanyOpen}
          emptyMessage={t('overview.companies.empty')}
          testId="company-table"
        />
        {rows.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="company-table-total">
            {t('overview.companies.pageTotal', { amount: money(sumCents(rows.map((row) => row.expensesAmount))) })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
