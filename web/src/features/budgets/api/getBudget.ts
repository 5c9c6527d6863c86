import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import type { Budget } from '@/lib/api/types';
import { budgetKeys } from './keys';

export function getBudget(ospId: string, signal?: AbortSignal): Promise<Budget> {
  return api.post('/portal-service/v1/budget/get', { body: { ospId }, signal });
}

export const budgetQueryOptions = (ospId: string) =>
  queryOptions({ queryKey: budgetKeys.detail(ospId), queryFn: ({ signal }) => getBudget(ospId, signal) });

export function useBudget(ospId: string) {
  return useQuery({ ...budgetQueryOptions(ospId), enabled: Boolean(ospId) });
}
