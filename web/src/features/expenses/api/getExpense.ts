import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { expenseKeys } from './keys';

/** One expense with its details and corrections history. */
export function getExpense(ospId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/events/get', { body: { ospId }, signal });
}

export const expenseQueryOptions = (ospId: string) =>
  queryOptions({ queryKey: expenseKeys.detail(ospId), queryFn: ({ signal }) => getExpense(ospId, signal) });

export function useExpense(ospId: string) {
  return useQuery({ ...expenseQueryOptions(ospId), enabled: Boolean(ospId) });
}
