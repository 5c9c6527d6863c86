import { Card, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { Money } from '@/components/Money';
import { PagedTable, type Column } from '@/components/PagedTable';
import type { PrivateBudgetRow } from '@/lib/api/types';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { usePrivateBudgets } from '../api/getPrivateBudgets';

/** finance/company-private-budget (platform admin): the users' own balances in the selected company. */
export default function CompanyPrivateBudgetPage() {
  const { t } = useTranslation('budgets');
  const { ospId } = useSelectedCorporateAccount();
  const [page, setPage] = useState(1);
  const query = usePrivateBudgets({ corporateAccountOspId: ospId ?? '', pagination: { page, size: DEFAULT_PAGE_SIZE } });
  if (!ospId) return <EmptyState message={t('company.selectCompany')} />;
  const columns: Column<PrivateBudgetRow>[] = [
    { key: 'name', header: t('tx.user'), render: (r) => r.fullName },
    { key: 'balance', header: t('fields.balance'), render: (r) => <Money cents={r.balance} colored /> },
  ];
  return (
    <Stack gap="lg">
      <Title order={2}>{t('private.title')}</Title>
      <Card withBorder padding="md">
        <PagedTable
          testId="private-budgets"
          columns={columns}
          rows={query.data?.content}
          rowKey={(r) => r.userOspId}
          isLoading={query.isPending}
          isFetching={query.isFetching}
          error={query.error}
          onRetry={() => void query.refetch()}
          emptyMessage={t('private.empty')}
          page={page}
          totalPages={query.data?.totalPages}
          totalElements={query.data?.totalElements}
          onPageChange={setPage}
        />
      </Card>
    </Stack>
  );
}
