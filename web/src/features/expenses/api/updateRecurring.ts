import { api, type Body } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import { useExpenseMutation } from './useExpenseMutation';

/** Changes apply to bookings still to come. */
export function updateRecurring(body: Body<'/portal-service/v1/recurringExternalPurchase/update'>) {
  return api.post('/portal-service/v1/recurringExternalPurchase/update', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export function useUpdateRecurring() {
  return useExpenseMutation(updateRecurring);
}
