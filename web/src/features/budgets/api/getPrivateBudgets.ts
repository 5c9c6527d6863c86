import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import type { Pagination, PrivateBudgetPage } from '@/lib/api/types';
import { budgetKeys } from './keys';

export interface PrivateBudgetsFilter {
  corporateAccountOspId: string;
  pagination: Pagination;
}

/** Platform admin: the users' private balances of a company, paged. */
export function getPrivateBudgets(filter: PrivateBudgetsFilter, signal?: AbortSignal): Promise<PrivateBudgetPage> {
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
