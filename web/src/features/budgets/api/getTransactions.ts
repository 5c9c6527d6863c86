import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Body } from '@/lib/api/typed';
import { budgetKeys } from './keys';

/** Ledger rows, newest first. */
export function getTransactions(filter: Body<'/portal-service/v1/budget/transaction/getByFilter'>, signal?: AbortSignal) {
  return api.post('/portal-service/v1/budget/transaction/getByFilter', { body: filter, signal });
}

export const transactionsQueryOptions = (filter: Body<'/portal-service/v1/budget/transaction/getByFilter'>) =>
  queryOptions({
    queryKey: budgetKeys.transactions(filter),
    queryFn: ({ signal }) => getTransactions(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useTransactions(filter: Body<'/portal-service/v1/budget/transaction/getByFilter'>, enabled = true) {
  return useQuery({ ...transactionsQueryOptions(filter), enabled });
}
