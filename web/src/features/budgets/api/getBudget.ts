import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { budgetKeys } from './keys';

export function getBudget(ospId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/budget/get', { body: { ospId }, signal });
}

export const budgetQueryOptions = (ospId: string) =>
  queryOptions({ queryKey: budgetKeys.detail(ospId), queryFn: ({ signal }) => getBudget(ospId, signal) });

export function useBudget(ospId: string) {
  return useQuery({ ...budgetQueryOptions(ospId), enabled: Boolean(ospId) });
}
