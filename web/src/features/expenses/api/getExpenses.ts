import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Body } from '@/lib/api/typed';
import { expenseKeys } from './keys';

export function getExpenses(filter: Body<'/portal-service/v1/events/getByFilter'>, signal?: AbortSignal) {
  return api.post('/portal-service/v1/events/getByFilter', { body: filter, signal });
}

export const expensesQueryOptions = (filter: Body<'/portal-service/v1/events/getByFilter'>) =>
  queryOptions({ queryKey: expenseKeys.list(filter), queryFn: ({ signal }) => getExpenses(filter, signal), placeholderData: keepPreviousData });

export function useExpenses(filter: Body<'/portal-service/v1/events/getByFilter'>) {
  return useQuery(expensesQueryOptions(filter));
}
