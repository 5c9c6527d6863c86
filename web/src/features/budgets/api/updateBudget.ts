import { api } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import type { Budget, UpdateBudgetRequest } from '@/lib/api/types';
import { useBudgetMutation } from './useBudgetMutation';

/** v2 update: a changed amount shows as pendingFrequencyAmount until the next period (NEXT_PERIOD). */
export function updateBudget(body: UpdateBudgetRequest): Promise<Budget> {
  return api.post('/portal-service/v2/budget/update', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export function useUpdateBudget() {
  return useBudgetMutation(updateBudget);
}
