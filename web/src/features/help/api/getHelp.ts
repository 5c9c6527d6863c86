import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api/typed';

export function getHelp(signal?: AbortSignal) {
  return api.post('/portal-service/v1/help/get', { signal });
}

// The server answers in the account's language; keying on the interface
// language refetches after a switch (which also updates the account).
export const helpQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['help', language],
    queryFn: ({ signal }) => getHelp(signal),
    staleTime: 10 * 60_000,
  });

export function useHelp() {
  const { i18n } = useTranslation();
  return useQuery(helpQueryOptions(i18n.resolvedLanguage ?? i18n.language));
}
