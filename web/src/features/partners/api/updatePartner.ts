import { apiRequest } from '@/lib/api/client';
import { ErrorLabel } from '@/lib/api/errors';
import { usePartnerMutation } from './usePartnerMutation';
import type { Partner, UpdatePartnerRequest } from './types';

/**
 * partner/update writes the details and the selections together; with
 * applyChangesToCorporateAccounts the selections replace those of every
 * company of the partner (one transaction on the server).
 */
export function updatePartner(body: UpdatePartnerRequest) {
  return apiRequest<Partner>('/portal-service/v1/partner/update', {
    method: 'POST',
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useUpdatePartner() {
  // The companies' offered budget types may have changed with it.
  return usePartnerMutation(updatePartner, { companies: true });
}
