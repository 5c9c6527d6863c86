import { apiRequest } from '@/lib/api/client';
import type { Budget } from '@/lib/api/types';
import { useBudgetMutation } from './useBudgetMutation';

/** Reactivates a budget (status REACTIVATED). */
export function activateBudget(ospId: string): Promise<Budget> {
  return apiRequest<Budget>('/portal-service/v1/budget/activate', { body: { ospId } });
}

export function useActivateBudget() {
  return useBudgetMutation(activateBudget);
}
