import { api, type Body } from '@/lib/api/typed';
import type { MoneyCall } from '@/lib/api/idempotency';
import { ErrorLabel } from '@/lib/api/errors';
import { useExpenseMutation } from './useExpenseMutation';

/** amount > 0 adds cost (taken from the budget), < 0 refunds cost. */
export function correctExpense({ body, idempotencyKey }: MoneyCall<Body<'/portal-service/v1/events/correct'>>) {
  return api.post('/portal-service/v1/events/correct', {
    body,
    idempotencyKey,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCorrectExpense() {
  return useExpenseMutation(correctExpense);
}
