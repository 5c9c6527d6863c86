import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { NEGATIVE_BUDGET_ROOT } from '@/lib/api/moneyKeys';

export function countWithNegativeBudget(corporateAccountOspId: string, signal?: AbortSignal): Promise<{ count: number }> {
  return api.post('/portal-service/v1/user/countWithNegativeBudget', { body: { corporateAccountOspId }, signal });
}

export const negativeBudgetCountQueryOptions = (corporateAccountOspId: string) =>
  queryOptions({
    queryKey: [...NEGATIVE_BUDGET_ROOT, 'count', corporateAccountOspId] as const,
    queryFn: ({ signal }) => countWithNegativeBudget(corporateAccountOspId, signal),
  });

export function useNegativeBudgetCount(corporateAccountOspId: string) {
  return useQuery({ ...negativeBudgetCountQueryOptions(corporateAccountOspId), enabled: Boolean(corporateAccountOspId) });
}
