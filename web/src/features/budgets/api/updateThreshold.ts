import { apiRequest } from '@/lib/api/client';
import { ErrorLabel } from '@/lib/api/errors';
import type { CompanyBudgetView, ThresholdRequest } from '@/lib/api/types';
import { useBudgetMutation } from './useBudgetMutation';

/** Below this balance the budget contacts get a mail (null: no threshold). */
export function updateThreshold(body: ThresholdRequest): Promise<CompanyBudgetView> {
  return apiRequest<CompanyBudgetView>('/portal-service/v1/budget/company/threshold', {
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useUpdateThreshold() {
  return useBudgetMutation(updateThreshold);
}
