import { api, type Body } from '@/lib/api/typed';
import type { MoneyCall } from '@/lib/api/idempotency';
import { ErrorLabel } from '@/lib/api/errors';
import { useExpenseMutation } from './useExpenseMutation';

/** Books one external purchase on a user's budget. */
export function createExpense({ body, idempotencyKey }: MoneyCall<Body<'/portal-service/v1/payableEvent/costEventForExternalPurchase/create'>>) {
  return api.post('/portal-service/v1/payableEvent/costEventForExternalPurchase/create', {
    body,
    idempotencyKey,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCreateExpense() {
  return useExpenseMutation(createExpense);
}
