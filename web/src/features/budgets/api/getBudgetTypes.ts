import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { budgetKeys } from './keys';

/** The budget types a user (or company) may get, with their rules and defaults. */
export function getBudgetTypes(assigneeOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/budget/types', { body: { assigneeOspId }, signal });
}

export const budgetTypesQueryOptions = (assigneeOspId: string) =>
  queryOptions({
    queryKey: budgetKeys.types(assigneeOspId),
    queryFn: ({ signal }) => getBudgetTypes(assigneeOspId, signal),
    staleTime: 5 * 60_000,
  });

export function useBudgetTypes(assigneeOspId: string) {
  return useQuery({ ...budgetTypesQueryOptions(assigneeOspId), enabled: Boolean(assigneeOspId) });
}
