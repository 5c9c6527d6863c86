import { Card, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { Money } from '@/components/Money';
import { PagedList } from '@/components/list/PagedList';
import { useListParams } from '@/components/list/listState';
import type { Column } from '@/components/PagedTable';
import type { PrivateBudgetRow } from '@/lib/api/types';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { usePrivateBudgets } from '../api/getPrivateBudgets';

/** finance/company-private-budget (platform admin): the users' own balances in the selected company. */
export default function CompanyPrivateBudgetPage() {
  const { t } = useTranslation('budgets');
  const { ospId } = useSelectedCorporateAccount();
  const list = useListParams();
  const query = usePrivateBudgets({ corporateAccountOspId: ospId ?? '', pagination: { page: list.page, size: DEFAULT_PAGE_SIZE } });
  if (!ospId) return <EmptyState message={t('company.selectCompany')} />;
  const columns: Column<PrivateBudgetRow>[] = [
    { key: 'name', header: t('tx.user'), render: (r) => r.fullName },
    { key: 'balance', header: t('fields.balance'), render: (r) => <Money cents={r.balance} colored /> },
  ];
  return (
    <Stack gap="lg">
      <Title order={2}>{t('private.title')}</Title>
      <Card withBorder padding="md">
        <PagedList
          testId="private-budgets"
          query={query}
          list={list}
          columns={columns}
          rowKey={(r) => r.userOspId}
          emptyMessage={t('private.empty')}
        />
      </Card>
    </Stack>
  );
}
