import { api, type Body } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import { useBudgetMutation } from './useBudgetMutation';

/** Below this balance the budget contacts get a mail (null: no threshold). */
export function updateThreshold(body: Body<'/portal-service/v1/budget/company/threshold'>) {
  return api.post('/portal-service/v1/budget/company/threshold', {
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useUpdateThreshold() {
  return useBudgetMutation(updateThreshold);
}
