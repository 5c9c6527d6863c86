import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import type { ExpenseFilter, ExpensePage } from '@/lib/api/types';
import { expenseKeys } from './keys';

export function getExpenses(filter: ExpenseFilter, signal?: AbortSignal): Promise<ExpensePage> {
  return api.post('/portal-service/v1/events/getByFilter', { body: filter, signal });
}

export const expensesQueryOptions = (filter: ExpenseFilter) =>
  queryOptions({ queryKey: expenseKeys.list(filter), queryFn: ({ signal }) => getExpenses(filter, signal), placeholderData: keepPreviousData });

export function useExpenses(filter: ExpenseFilter) {
  return useQuery(expensesQueryOptions(filter));
}
