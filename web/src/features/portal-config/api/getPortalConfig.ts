import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';

/** Public settings of this deployment (banner, store links); needs no sign-in. */
export function getPortalConfig(signal?: AbortSignal) {
  return api.get('/portal-service/v1/portal/config', {
    auth: false,
    // Without it the portal still works, with defaults; no need to alarm anyone.
    ignoreErrors: 'all',
    signal,
  });
}

export const portalConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['portalConfig'],
    queryFn: ({ signal }) => getPortalConfig(signal),
    staleTime: Infinity,
  });

export function usePortalConfig() {
  return useQuery(portalConfigQueryOptions());
}
