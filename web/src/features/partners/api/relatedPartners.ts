import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { partnerKeys } from './keys';
import type { RelatedPartnerRequest, RelatedPartners } from './types';

export function getRelatedPartners(ospId: string, signal?: AbortSignal) {
  return apiRequest<RelatedPartners>('/portal-service/v1/partner/related/get', { method: 'POST', body: { ospId }, signal });
}

export const relatedPartnersQueryOptions = (ospId: string) =>
  queryOptions({ queryKey: partnerKeys.related(ospId), queryFn: ({ signal }) => getRelatedPartners(ospId, signal) });

export function useRelatedPartners(ospId: string) {
  return useQuery(relatedPartnersQueryOptions(ospId));
}

/**
 * Links a partner as a sub- or super-partner. A link to itself, a second
 * link or one that closes a cycle is refused (400/409): the form shows it,
 * so the generic notification is left out.
 */
export function addRelatedPartner(body: RelatedPartnerRequest) {
  return apiRequest<unknown>('/portal-service/v1/partner/related/add', { method: 'POST', body, ignoreErrors: 'all' });
}

export function removeRelatedPartner(body: RelatedPartnerRequest) {
  return apiRequest<unknown>('/portal-service/v1/partner/related/remove', { method: 'POST', body });
}

function useRelatedMutation(mutationFn: (body: RelatedPartnerRequest) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    // Both ends of the link show it.
    onSuccess: (_, body) => {
      void client.invalidateQueries({ queryKey: partnerKeys.related(body.ospId) });
      void client.invalidateQueries({ queryKey: partnerKeys.related(body.relatedPartnerOspId) });
    },
  });
}

export function useAddRelatedPartner() {
  return useRelatedMutation(addRelatedPartner);
}

export function useRemoveRelatedPartner() {
  return useRelatedMutation(removeRelatedPartner);
}
