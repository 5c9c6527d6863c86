import { apiRequest } from '@/lib/api/client';
import { ErrorLabel } from '@/lib/api/errors';
import type { ExpenseDetail, RefundRequest } from '@/lib/api/types';
import { useExpenseMutation } from './useExpenseMutation';

/** Gives (part of) an expense back to its budget; never more than the net amount. */
export function refundExpense(body: RefundRequest): Promise<ExpenseDetail> {
  return apiRequest<ExpenseDetail>('/portal-service/v1/events/refund', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export function useRefundExpense() {
  return useExpenseMutation(refundExpense);
}
