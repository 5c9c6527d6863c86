import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { budgetKeys } from './keys';

/** The employee's own money (kept after deactivation). */
export function getPrivateBalance(userOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/budget/private/balance', { body: { userOspId }, signal });
}

export const privateBalanceQueryOptions = (userOspId: string) =>
  queryOptions({ queryKey: budgetKeys.privateBalance(userOspId), queryFn: ({ signal }) => getPrivateBalance(userOspId, signal) });

export function usePrivateBalance(userOspId: string) {
  return useQuery({ ...privateBalanceQueryOptions(userOspId), enabled: Boolean(userOspId) });
}
