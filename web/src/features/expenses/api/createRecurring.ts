import { apiRequest } from '@/lib/api/client';
import { ErrorLabel } from '@/lib/api/errors';
import type { RecurringCreateRequest, RecurringExpense } from '@/lib/api/types';
import { useExpenseMutation } from './useExpenseMutation';

export function createRecurring(body: RecurringCreateRequest): Promise<RecurringExpense> {
  return apiRequest<RecurringExpense>('/portal-service/v1/recurringExternalPurchase/create', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export function useCreateRecurring() {
  return useExpenseMutation(createRecurring);
}
