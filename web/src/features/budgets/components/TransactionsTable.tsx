import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Money } from '@/components/Money';
import { PagedList, type ListQuery } from '@/components/list/PagedList';
import type { ListState } from '@/components/list/listState';
import type { Column } from '@/components/PagedTable';
import type { Transaction } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import { namedRoutes } from '@/lib/routes';

interface Props {
  query: ListQuery<Transaction>;
  list: ListState;
  /** Columns to leave out (the user on a user's own budget, …). */
  hide?: ('user' | 'budget')[];
  testId?: string;
}

/** Ledger rows; a row booked by an expense links to the expense behind it. */
export function TransactionsTable({ query, list, hide = [], testId }: Props) {
  const { t } = useTranslation('budgets');
  const columns: Column<Transaction>[] = [
    { key: 'date', header: t('tx.date'), render: (r) => formatDate(r.bookingDate) },
    { key: 'type', header: t('tx.type'), render: (r) => t(`txType.${r.type}`, { defaultValue: r.type }) },
    ...(hide.includes('user') ? [] : [{ key: 'user', header: t('tx.user'), render: (r: Transaction) => r.userFullName }]),
    ...(hide.includes('budget')
      ? []
      : [{ key: 'budget', header: t('tx.budget'), render: (r: Transaction) => t(`types.${r.budgetType}`, { defaultValue: r.budgetType }) }]),
    { key: 'description', header: t('tx.description'), render: (r) => r.description },
    { key: 'amount', header: t('tx.amount'), render: (r) => <Money cents={r.amount} colored /> },
    { key: 'balance', header: t('tx.balanceAfter'), render: (r) => <Money cents={r.balanceAfter} colored /> },
    {
      key: 'event',
      header: t('tx.expense'),
      hideHeader: true,
      render: (r) =>
        r.eventOspId ? (
          <Anchor component={Link} to={namedRoutes.TransactionDetails(r.eventOspId)} size="sm">
            {t('tx.expense')}
          </Anchor>
        ) : null,
    },
  ];
  return (
    <PagedList testId={testId} query={query} list={list} columns={columns} rowKey={(r) => r.ospId} emptyMessage={t('tx.empty')} />
  );
}
