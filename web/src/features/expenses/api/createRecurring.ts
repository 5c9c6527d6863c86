import { api, type Body } from '@/lib/api/typed';
import type { MoneyCall } from '@/lib/api/idempotency';
import { ErrorLabel } from '@/lib/api/errors';
import { useExpenseMutation } from './useExpenseMutation';

export function createRecurring({ body, idempotencyKey }: MoneyCall<Body<'/portal-service/v1/recurringExternalPurchase/create'>>) {
  return api.post('/portal-service/v1/recurringExternalPurchase/create', {
    body,
    idempotencyKey,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCreateRecurring() {
  return useExpenseMutation(createRecurring);
}
