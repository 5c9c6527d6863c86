import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import type { RecurringType } from '@/lib/api/types';
import { expenseKeys } from './keys';

export function getRecurringTypes(signal?: AbortSignal): Promise<RecurringType[]> {
  return apiRequest<RecurringType[]>('/portal-service/v1/recurringExternalPurchase/types', { method: 'GET', signal });
}

export const recurringTypesQueryOptions = () =>
  queryOptions({ queryKey: expenseKeys.recurringTypes(), queryFn: ({ signal }) => getRecurringTypes(signal), staleTime: Infinity });

export function useRecurringTypes() {
  return useQuery(recurringTypesQueryOptions());
}
