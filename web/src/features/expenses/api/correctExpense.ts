import { api } from '@/lib/api/typed';
import type { MoneyCall } from '@/lib/api/idempotency';
import { ErrorLabel } from '@/lib/api/errors';
import type { CorrectRequest, ExpenseDetail } from '@/lib/api/types';
import { useExpenseMutation } from './useExpenseMutation';

/** amount > 0 adds cost (taken from the budget), < 0 refunds cost. */
export function correctExpense({ body, idempotencyKey }: MoneyCall<CorrectRequest>): Promise<ExpenseDetail> {
  return api.post('/portal-service/v1/events/correct', {
    body,
    idempotencyKey,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCorrectExpense() {
  return useExpenseMutation(correctExpense);
}
