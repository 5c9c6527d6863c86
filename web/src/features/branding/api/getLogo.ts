import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api/typed';

/** The logo as an object URL, or null when there is none; errors are never shown (SPEC §8). */
export async function getLogo(corporateAccountOspId: string | null, signal?: AbortSignal): Promise<string | null> {
  try {
    const blob = await api.get('/portal-service/v1/portal/logo/get', {
      query: { corporateAccountOspId },
      responseType: 'blob',
      ignoreErrors: 'all',
      signal,
    });
    return blob && blob.size > 0 ? URL.createObjectURL(blob) : null;
  } catch {
    // A failed load stores no image.
    return null;
  }
}

export const logoQueryOptions = (corporateAccountOspId: string | null) =>
  queryOptions({
    queryKey: ['branding', 'logo', corporateAccountOspId],
    queryFn: ({ signal }) => getLogo(corporateAccountOspId, signal),
    staleTime: 10 * 60_000,
  });

export function useLogo(corporateAccountOspId: string | null, enabled: boolean) {
  const query = useQuery({ ...logoQueryOptions(corporateAccountOspId), enabled });
  const url = query.data ?? null;
  // Object URLs hold the image in memory until revoked.
  useEffect(() => {
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [url]);
  return url;
}
