import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { toObjectUrl, useRevokeOnChange } from '@/lib/objectUrl';

/** The logo as an object URL, or null when there is none; errors are never shown (SPEC §8). */
export function getLogo(corporateAccountOspId: string | null, version: string, signal?: AbortSignal): Promise<string | null> {
  return toObjectUrl(() =>
    api.get('/portal-service/v1/portal/logo/get', {
      // v: the logo's version, so a new logo is never served from the browser's cache.
      query: { corporateAccountOspId, v: version },
      responseType: 'blob',
      ignoreErrors: 'all',
      signal,
    }),
  );
}

export const logoQueryOptions = (corporateAccountOspId: string | null, version = '') =>
  queryOptions({
    queryKey: ['branding', 'logo', corporateAccountOspId, version],
    queryFn: ({ signal }) => getLogo(corporateAccountOspId, version, signal),
    staleTime: 10 * 60_000,
    // The object URL is revoked when the logo goes: a cached one would be dead.
    gcTime: 0,
  });

export function useLogo(corporateAccountOspId: string | null, enabled: boolean, version = '') {
  const query = useQuery({ ...logoQueryOptions(corporateAccountOspId, version), enabled });
  const url = query.data ?? null;
  useRevokeOnChange(url);
  return url;
}
