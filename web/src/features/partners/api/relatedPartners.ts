import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { partnerKeys } from './keys';
import type { RelatedPartnerRequest, RelatedPartners } from './types';

export function getRelatedPartners(ospId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/partner/related/get', { body: { ospId }, signal });
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
  return api.post('/portal-service/v1/partner/related/add', { body, ignoreErrors: 'all' });
}

export function removeRelatedPartner(body: RelatedPartnerRequest) {
  return api.post('/portal-service/v1/partner/related/remove', { body });
}

/** Both answer the partner's links as they are now. */
function useRelatedMutation(mutationFn: (body: RelatedPartnerRequest) => Promise<RelatedPartners>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (related, body) => {
      client.setQueryData(partnerKeys.related(body.ospId), related);
      // The other end of the link shows it too.
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
