import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';

export function getBranding(corporateAccountOspId: string | null, signal?: AbortSignal) {
  return api.post('/portal-service/v1/portal/branding/get', {
    body: corporateAccountOspId ? { corporateAccountOspId } : {},
    // Branding is decoration: the default colours are fine if it fails.
    ignoreErrors: 'all',
    signal,
  });
}

export const brandingQueryOptions = (corporateAccountOspId: string | null) =>
  queryOptions({
    queryKey: ['branding', corporateAccountOspId],
    queryFn: ({ signal }) => getBranding(corporateAccountOspId, signal),
    staleTime: 10 * 60_000,
  });

export function useBranding(corporateAccountOspId: string | null, enabled: boolean) {
  return useQuery({ ...brandingQueryOptions(corporateAccountOspId), enabled });
}
