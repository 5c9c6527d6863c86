import { api } from '@/lib/api/typed';
import type { RecurringDeleteRequest, RecurringExpense } from '@/lib/api/types';
import { useExpenseMutation } from './useExpenseMutation';

/** SPEC §4: this occurrence only, or this and all following. */
export function deleteRecurring(body: RecurringDeleteRequest): Promise<RecurringExpense> {
  return api.post('/portal-service/v1/recurringExternalPurchase/delete', { body });
}

export function useDeleteRecurring() {
  return useExpenseMutation(deleteRecurring);
}
