import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Body } from '@/lib/api/typed';
import { partnerKeys } from './keys';

/** active undefined: active and inactive partners. */
export type PartnersFilter = Body<'/portal-service/v1/partner/getAll'>;

/** partner/getAll: every partner (platform staff); the list filters by type and name itself. */
export function getPartners(filter: PartnersFilter, signal?: AbortSignal) {
  return api.post('/portal-service/v1/partner/getAll', { body: filter, signal });
}

export const partnersQueryOptions = (filter: PartnersFilter) =>
  queryOptions({
    queryKey: partnerKeys.list(filter),
    queryFn: ({ signal }) => getPartners(filter, signal),
  });

export function usePartners(filter: PartnersFilter) {
  return useQuery(partnersQueryOptions(filter));
}
