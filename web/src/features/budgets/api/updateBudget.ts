import { api, type Body } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import { useBudgetMutation } from './useBudgetMutation';

/** v2 update: a changed amount shows as pendingFrequencyAmount until the next period (NEXT_PERIOD). */
export function updateBudget(body: Body<'/portal-service/v2/budget/update'>) {
  return api.post('/portal-service/v2/budget/update', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export function useUpdateBudget() {
  return useBudgetMutation(updateBudget);
}
