import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { effectiveSearch } from '@/components/list/listState';
import { ErrorLabel } from '@/lib/api/errors';
import { api } from '@/lib/api/typed';
import { productKeys } from './keys';
import type { AddElementsRequest, ElementKind, UpdateElementRequest } from './types';

/** composition/details: the active elements with their names, kinds and MRP partners, by position. */
export function compositionDetails(productOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/product/composition/details', { body: { productOspId }, signal });
}

export function useCompositionDetails(productOspId: string) {
  return useQuery({
    queryKey: productKeys.composition(productOspId),
    queryFn: ({ signal }) => compositionDetails(productOspId, signal),
  });
}

/** A composition write: refetch the details and the catalogue (a product carries its composition). */
function useCompositionWrite<V extends { productOspId: string }>(mutationFn: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_, { productOspId }) => {
      void client.invalidateQueries({ queryKey: productKeys.composition(productOspId) });
      void client.invalidateQueries({ queryKey: productKeys.everything() });
      void client.invalidateQueries({ queryKey: productKeys.lists() });
    },
  });
}

/** Refusals (already present, no longer available, full) are shown on the add page itself. */
export const useAddElements = () =>
  useCompositionWrite((body: AddElementsRequest) =>
    api.post('/portal-service/v1/product/composition/add', { body, ignoreErrors: 'all' }),
  );

export const useUpdateElement = () =>
  useCompositionWrite((body: UpdateElementRequest) =>
    api.post('/portal-service/v1/product/composition/update', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] }),
  );

export const useDeleteElement = () =>
  useCompositionWrite((body: { productOspId: string; elementOspId: string }) =>
    api.post('/portal-service/v1/product/composition/delete', { body }),
  );

/** One page of what may be added: active groups, service resources or rental-car resources. */
export interface Candidate {
  ospId: string;
  name: string;
  /** Extra columns: the MRP partner and mobility mode of a resource, the member count of a group. */
  detail: string;
  mobilityMode: string;
}

export interface CandidatePage {
  content: Candidate[];
  totalPages: number;
  totalElements: number;
}

export interface CandidateFilter {
  search: string;
  page: number;
  size: number;
}

const RESOURCE_KIND: Record<Exclude<ElementKind, 'RESOURCE_GROUP'>, 'service' | 'rental'> = {
  SERVICE: 'service',
  RENTAL_CAR: 'rental',
};

export async function findCandidates(kind: ElementKind, filter: CandidateFilter, signal?: AbortSignal): Promise<CandidatePage> {
  const pagination = { page: filter.page, size: filter.size };
  const search = filter.search || undefined;
  if (kind === 'RESOURCE_GROUP') {
    const page = await api.post('/portal-service/v1/resourcegroup/getByFilter', {
      body: { active: true, search, pagination },
      signal,
    });
    return {
      ...page,
      content: page.content.map((g) => ({ ospId: g.ospId, name: g.name, detail: String(g.activeResourceCount), mobilityMode: '' })),
    };
  }
  // resource/getByFilter searches from 3 characters on (a shorter term is refused); shorter, it lists them all.
  const page = await api.post('/portal-service/v1/resource/getByFilter', {
    body: { active: true, kinds: [RESOURCE_KIND[kind]], search: effectiveSearch(filter.search ?? ''), pagination },
    signal,
  });
  return {
    ...page,
    content: page.content.map((r) => ({ ospId: r.ospId, name: r.name, detail: r.mrpPartner.name, mobilityMode: r.mobilityMode })),
  };
}

export function useCandidates(kind: ElementKind, filter: CandidateFilter) {
  return useQuery({
    queryKey: productKeys.candidates(kind, filter),
    queryFn: ({ signal }) => findCandidates(kind, filter, signal),
    placeholderData: keepPreviousData,
  });
}
