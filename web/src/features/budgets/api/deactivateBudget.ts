import { api } from '@/lib/api/typed';
import { useBudgetMutation } from './useBudgetMutation';

/** No expenses and no top-ups until it is activated again. */
export function deactivateBudget(ospId: string) {
  return api.post('/portal-service/v1/budget/deactivate', { body: { ospId } });
}

export function useDeactivateBudget() {
  return useBudgetMutation(deactivateBudget);
}
