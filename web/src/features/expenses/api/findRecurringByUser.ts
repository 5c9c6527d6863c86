import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { expenseKeys } from './keys';

export function findRecurringByUser(userOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/recurringExternalPurchase/findByUser', { body: { userOspId }, signal });
}

export const recurringByUserQueryOptions = (userOspId: string) =>
  queryOptions({ queryKey: expenseKeys.recurringByUser(userOspId), queryFn: ({ signal }) => findRecurringByUser(userOspId, signal) });

export function useRecurringByUser(userOspId: string) {
  return useQuery({ ...recurringByUserQueryOptions(userOspId), enabled: Boolean(userOspId) });
}
