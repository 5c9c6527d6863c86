import { ErrorLabel } from '@/lib/api/errors';
import { api } from '@/lib/api/typed';
import { usePartnerMutation } from './usePartnerMutation';
import type { UpdatePartnerRequest } from './types';

/**
 * partner/update writes the details and the selections together; with
 * applyChangesToCorporateAccounts the selected budget types replace those
 * of every company of the partner (one transaction on the server).
 */
export function updatePartner(body: UpdatePartnerRequest) {
  return api.post('/portal-service/v1/partner/update', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export function useUpdatePartner() {
  // The companies' offered budget types may have changed with it.
  return usePartnerMutation(updatePartner, { companies: true });
}
