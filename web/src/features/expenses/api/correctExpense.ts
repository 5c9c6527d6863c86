import { apiRequest } from '@/lib/api/client';
import { ErrorLabel } from '@/lib/api/errors';
import type { CorrectRequest, ExpenseDetail } from '@/lib/api/types';
import { useExpenseMutation } from './useExpenseMutation';

/** amount > 0 adds cost (taken from the budget), < 0 refunds cost. */
export function correctExpense(body: CorrectRequest): Promise<ExpenseDetail> {
  return apiRequest<ExpenseDetail>('/portal-service/v1/events/correct', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export function useCorrectExpense() {
  return useExpenseMutation(correctExpense);
}
