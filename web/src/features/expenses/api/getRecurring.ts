import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { expenseKeys } from './keys';

export function getRecurring(ospId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/recurringExternalPurchase/get', { body: { ospId }, signal });
}

export const recurringQueryOptions = (ospId: string) =>
  queryOptions({ queryKey: expenseKeys.recurring(ospId), queryFn: ({ signal }) => getRecurring(ospId, signal) });

export function useRecurring(ospId: string) {
  return useQuery({ ...recurringQueryOptions(ospId), enabled: Boolean(ospId) });
}
