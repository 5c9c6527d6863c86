import { api, type Body } from '@/lib/api/typed';
import type { MoneyCall } from '@/lib/api/idempotency';
import { ErrorLabel } from '@/lib/api/errors';
import { useExpenseMutation } from './useExpenseMutation';

/** Gives (part of) an expense back to its budget; never more than the net amount. */
export function refundExpense({ body, idempotencyKey }: MoneyCall<Body<'/portal-service/v1/events/refund'>>) {
  return api.post('/portal-service/v1/events/refund', {
    body,
    idempotencyKey,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useRefundExpense() {
  return useExpenseMutation(refundExpense);
}
