import { api, type Body } from '@/lib/api/typed';
import type { MoneyCall } from '@/lib/api/idempotency';
import { ErrorLabel } from '@/lib/api/errors';
import { useBudgetMutation } from './useBudgetMutation';

/** A manual amount on a user's budget: cents, negative allowed, never 0; description ≤ 140. */
export function addManualAmount({ body, idempotencyKey }: MoneyCall<Body<'/portal-service/v1/budget/transaction/addForUser'>>) {
  return api.post('/portal-service/v1/budget/transaction/addForUser', {
    body,
    idempotencyKey,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useAddManualAmount() {
  return useBudgetMutation(addManualAmount);
}
