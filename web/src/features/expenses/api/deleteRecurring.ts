import { api, type Body } from '@/lib/api/typed';
import { useExpenseMutation } from './useExpenseMutation';

/** SPEC §4: this occurrence only, or this and all following. */
export function deleteRecurring(body: Body<'/portal-service/v1/recurringExternalPurchase/delete'>) {
  return api.post('/portal-service/v1/recurringExternalPurchase/delete', { body });
}

export function useDeleteRecurring() {
  return useExpenseMutation(deleteRecurring);
}
