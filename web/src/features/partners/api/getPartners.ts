import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { partnerKeys } from './keys';
import type { Partner } from './types';

export interface PartnersFilter {
  /** undefined: active and inactive partners. */
  active?: boolean;
}

/** partner/getAll: every partner (platform staff); the list filters by type and name itself. */
export function getPartners(filter: PartnersFilter, signal?: AbortSignal) {
  return apiRequest<Partner[]>('/portal-service/v1/partner/getAll', { method: 'POST', body: filter, signal });
}

export const partnersQueryOptions = (filter: PartnersFilter) =>
  queryOptions({
    queryKey: partnerKeys.list(filter),
    queryFn: ({ signal }) => getPartners(filter, signal),
  });

export function usePartners(filter: PartnersFilter) {
  return useQuery(partnersQueryOptions(filter));
}
