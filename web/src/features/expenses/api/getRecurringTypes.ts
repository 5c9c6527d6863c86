import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { expenseKeys } from './keys';

export function getRecurringTypes(signal?: AbortSignal) {
  return api.get('/portal-service/v1/recurringExternalPurchase/types', { signal });
}

export const recurringTypesQueryOptions = () =>
  queryOptions({ queryKey: expenseKeys.recurringTypes(), queryFn: ({ signal }) => getRecurringTypes(signal), staleTime: Infinity });

export function useRecurringTypes() {
  return useQuery(recurringTypesQueryOptions());
}
