import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Body } from '@/lib/api/typed';
import { NEGATIVE_BUDGET_ROOT } from '@/lib/api/moneyKeys';

/** Users with a budget below zero, most negative first. */
export function findWithNegativeBudget(filter: Body<'/portal-service/v1/user/findWithNegativeBudget'>, signal?: AbortSignal) {
  return api.post('/portal-service/v1/user/findWithNegativeBudget', { body: filter, signal });
}

export const negativeBudgetUsersQueryOptions = (filter: Body<'/portal-service/v1/user/findWithNegativeBudget'>) =>
  queryOptions({
    queryKey: [...NEGATIVE_BUDGET_ROOT, 'list', filter] as const,
    queryFn: ({ signal }) => findWithNegativeBudget(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useNegativeBudgetUsers(filter: Body<'/portal-service/v1/user/findWithNegativeBudget'>, enabled: boolean) {
  return useQuery({ ...negativeBudgetUsersQueryOptions(filter), enabled });
}
