import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { effectiveSearch } from '@/components/list/listState';
import { api } from '@/lib/api/typed';
import { expenseKeys } from './keys';

/** How many matches the picker offers: a narrower search finds the rest. */
export const RESOURCE_MATCHES = 20;

/** An active catalogue resource an expense may name, with its provider and mode. */
export interface ResourceOption {
  ospId: string;
  name: string;
  providerName: string;
  mobilityMode: string;
}

/**
 * resource/getByFilter: active resources of every kind whose name or extId
 * holds term (the server searches from 3 characters on; shorter, nothing is asked).
 */
export async function searchResources(term: string, signal?: AbortSignal): Promise<ResourceOption[]> {
  const page = await api.post('/portal-service/v1/resource/getByFilter', {
    body: { active: true, search: term, pagination: { page: 1, size: RESOURCE_MATCHES } },
    signal,
  });
  return page.content.map((r) => ({ ospId: r.ospId, name: r.name, providerName: r.mrpPartner.name, mobilityMode: r.mobilityMode }));
}

export function useResourceSearch(term: string) {
  const search = effectiveSearch(term) ?? '';
  return useQuery({
    queryKey: expenseKeys.resources(search),
    queryFn: ({ signal }) => searchResources(search, signal),
    enabled: search !== '',
    placeholderData: keepPreviousData,
  });
}
