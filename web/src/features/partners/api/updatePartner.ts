import { ErrorLabel } from '@/lib/api/errors';
import { api } from '@/lib/api/typed';
import { usePartnerMutation } from './usePartnerMutation';
import type { UpdatePartnerRequest } from './types';

/**
 * The refusals the forms place on their fields (a selection's refusal on
 * the tab's list) instead of a notification; what no field shows, the
 * form notifies itself (reportUnplacedError).
 */
const PLACED_ERRORS = [
  ErrorLabel.VALIDATION_FAILED,
  'UNKNOWN_PRODUCT',
  'UNKNOWN_SERVICE_RESOURCE',
  'PRODUCT_PLATFORM_DISALLOWED',
  'PRODUCT_DEFAULT_IN_USE',
];

/**
 * partner/update writes the details and the selections together; with
 * applyChangesToCorporateAccounts the partner's selections (budget types,
 * products, service resources) replace those of every company of the
 * partner (one transaction on the server).
 */
export function updatePartner(body: UpdatePartnerRequest) {
  return api.post('/portal-service/v1/partner/update', { body, ignoreErrors: PLACED_ERRORS });
}

export function useUpdatePartner() {
  // The companies' offered budget types, products and service resources may have changed with it.
  return usePartnerMutation(updatePartner, { companies: true });
}
