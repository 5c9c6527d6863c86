import { api } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import type { RecurringExpense, RecurringUpdateRequest } from '@/lib/api/types';
import { useExpenseMutation } from './useExpenseMutation';

/** Changes apply to bookings still to come. */
export function updateRecurring(body: RecurringUpdateRequest): Promise<RecurringExpense> {
  return api.post('/portal-service/v1/recurringExternalPurchase/update', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export function useUpdateRecurring() {
  return useExpenseMutation(updateRecurring);
}
