import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import type { TransactionFilter, TransactionPage } from '@/lib/api/types';
import { budgetKeys } from './keys';

/** Ledger rows, newest first. */
export function getTransactions(filter: TransactionFilter, signal?: AbortSignal): Promise<TransactionPage> {
  return api.post('/portal-service/v1/budget/transaction/getByFilter', { body: filter, signal });
}

export const transactionsQueryOptions = (filter: TransactionFilter) =>
  queryOptions({
    queryKey: budgetKeys.transactions(filter),
    queryFn: ({ signal }) => getTransactions(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useTransactions(filter: TransactionFilter, enabled = true) {
  return useQuery({ ...transactionsQueryOptions(filter), enabled });
}
