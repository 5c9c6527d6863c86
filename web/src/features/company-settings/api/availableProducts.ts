import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorLabel } from '@/lib/api/errors';
import { api } from '@/lib/api/typed';
import { OFFER_QUERY_ROOTS, settingsKeys } from './keys';

/** The refusals the tab shows on its lists rather than in a notification. */
export const SELECTION_ERRORS = [
  ErrorLabel.VALIDATION_FAILED,
  'UNKNOWN_PRODUCT',
  'UNKNOWN_SERVICE_RESOURCE',
  'PRODUCT_NOT_ALLOWED_BY_PARTNER',
  'PRODUCT_DEFAULT_IN_USE',
];

/**
 * product/permission/availability/findByCorporateAccount (MSP only): what
 * the company's partner allows, each marked with whether the company
 * offers it.
 */
export function getAvailability(corporateAccountOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/product/permission/availability/findByCorporateAccount', {
    body: { corporateAccountOspId },
    signal,
  });
}

export const availabilityQueryOptions = (ospId: string) =>
  queryOptions({ queryKey: settingsKeys.availability(ospId), queryFn: ({ signal }) => getAvailability(ospId, signal) });

/** enabled false: the user may not ask (the call is MSP only). */
export function useAvailability(ospId: string, enabled: boolean) {
  return useQuery({ ...availabilityQueryOptions(ospId), enabled: enabled && Boolean(ospId) });
}

export interface OfferChange {
  ospId: string;
  selectedProducts: string[];
  selectedServiceResources: string[];
}

/** corporateAccount/update with the two selections only: every other field is kept. */
export function updateOffer(body: OfferChange) {
  return api.post('/portal-service/v1/corporateAccount/update', { body, ignoreErrors: SELECTION_ERRORS });
}

export function useUpdateOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOffer,
    onSuccess: (account, { ospId }) => {
      client.setQueryData(settingsKeys.account(ospId), account);
      void client.invalidateQueries({ queryKey: settingsKeys.availability(ospId) });
      for (const queryKey of OFFER_QUERY_ROOTS) void client.invalidateQueries({ queryKey });
    },
  });
}
