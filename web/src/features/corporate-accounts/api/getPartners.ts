import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { companyKeys } from './keys';

/**
 * partner/getAll: every partner, active or not (an inactive partner's
 * companies still list under its name); platform staff only (SPEC §6).
 */
export function getPartners(signal?: AbortSignal) {
  return api.post('/portal-service/v1/partner/getAll', { body: {}, signal });
}

export const partnersQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.partners(), queryFn: ({ signal }) => getPartners(signal), staleTime: 5 * 60_000 });

export function usePartners(enabled: boolean) {
  return useQuery({ ...partnersQueryOptions(), enabled });
}

/**
 * partner/get {ospId}: here for the partner's selected budget types (a
 * company offers only those). Errors are quiet: without the answer the
 * wizard offers every type and the server still checks.
 */
export function getPartner(ospId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/partner/get', { body: { ospId }, signal, ignoreErrors: 'all' });
}

export function usePartner(ospId: string | null | undefined) {
  return useQuery({
    queryKey: companyKeys.partner(ospId ?? ''),
    queryFn: ({ signal }) => getPartner(ospId!, signal),
    enabled: Boolean(ospId),
    staleTime: 60_000,
  });
}
