import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import type { PartnerSummary } from './types';
import { companyKeys } from './keys';

/** partner/getAll {active}: the partners platform staff pick from (SPEC §6: loaded only for them). */
export function getPartners(signal?: AbortSignal): Promise<PartnerSummary[]> {
  return apiRequest('/portal-service/v1/partner/getAll', { method: 'POST', body: { active: true }, signal });
}

export const partnersQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.partners(), queryFn: ({ signal }) => getPartners(signal), staleTime: 5 * 60_000 });

export function usePartners(enabled: boolean) {
  return useQuery({ ...partnersQueryOptions(), enabled });
}

/** partner/get {ospId}: here for the partner's selected budget types (a company offers only those). */
export function getPartner(ospId: string, signal?: AbortSignal): Promise<PartnerSummary> {
  return apiRequest('/portal-service/v1/partner/get', { method: 'POST', body: { ospId }, signal, ignoreErrors: 'all' });
}

export function usePartner(ospId: string | null | undefined) {
  return useQuery({
    queryKey: companyKeys.partner(ospId ?? ''),
    queryFn: ({ signal }) => getPartner(ospId!, signal),
    enabled: Boolean(ospId),
    staleTime: 60_000,
  });
}
