import { api } from '@/lib/api/typed';
import { useBudgetMutation } from './useBudgetMutation';

/** Reactivates a budget (status REACTIVATED). */
export function activateBudget(ospId: string) {
  return api.post('/portal-service/v1/budget/activate', { body: { ospId } });
}

export function useActivateBudget() {
  return useBudgetMutation(activateBudget);
}
