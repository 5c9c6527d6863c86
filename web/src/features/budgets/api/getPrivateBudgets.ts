import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Body } from '@/lib/api/typed';
import { budgetKeys } from './keys';

export type PrivateBudgetsFilter = Body<'/portal-service/v1/budget/private/list'>;

/** Platform admin: the users' private balances of a company, paged. */
export function getPrivateBudgets(filter: PrivateBudgetsFilter, signal?: AbortSignal) {
  return api.post('/portal-service/v1/budget/private/list', { body: filter, signal });
}

export const privateBudgetsQueryOptions = (filter: PrivateBudgetsFilter) =>
  queryOptions({
    queryKey: budgetKeys.privateList(filter),
    queryFn: ({ signal }) => getPrivateBudgets(filter, signal),
    placeholderData: keepPreviousData,
  });

export function usePrivateBudgets(filter: PrivateBudgetsFilter) {
  return useQuery({ ...privateBudgetsQueryOptions(filter), enabled: Boolean(filter.corporateAccountOspId) });
}
