import { api } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import type { CompanyBudgetView, ThresholdRequest } from '@/lib/api/types';
import { useBudgetMutation } from './useBudgetMutation';

/** Below this balance the budget contacts get a mail (null: no threshold). */
export function updateThreshold(body: ThresholdRequest): Promise<CompanyBudgetView> {
  return api.post('/portal-service/v1/budget/company/threshold', {
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useUpdateThreshold() {
  return useBudgetMutation(updateThreshold);
}
