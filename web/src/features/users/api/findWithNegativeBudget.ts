import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { NEGATIVE_BUDGET_ROOT } from '@/lib/api/moneyKeys';
import type { NegativeUserPage, NegativeUserRequest } from '@/lib/api/types';

/** Users with a budget below zero, most negative first. */
export function findWithNegativeBudget(filter: NegativeUserRequest, signal?: AbortSignal): Promise<NegativeUserPage> {
  return api.post('/portal-service/v1/user/findWithNegativeBudget', { body: filter, signal });
}

export const negativeBudgetUsersQueryOptions = (filter: NegativeUserRequest) =>
  queryOptions({
    queryKey: [...NEGATIVE_BUDGET_ROOT, 'list', filter] as const,
    queryFn: ({ signal }) => findWithNegativeBudget(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useNegativeBudgetUsers(filter: NegativeUserRequest, enabled: boolean) {
  return useQuery({ ...negativeBudgetUsersQueryOptions(filter), enabled });
}
