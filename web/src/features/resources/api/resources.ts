import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ErrorLabel } from '@/lib/api/errors';
import { api } from '@/lib/api/typed';
import { resourceKeys } from './keys';
import { useCatalogueMutation } from './mutation';
import type { AnyResource, Kind, KindFilter, ResourceOf, ResourcePageOf, ResourceUpdateOf, ResourceWriteOf } from './types';

type KindCall = 'create' | 'update' | 'get' | 'getByFilter' | 'activate' | 'deactivate' | 'delete';

/**
 * The seven kinds' calls have one shape, each with its kind's own types. A
 * path built from a kind is a union TypeScript cannot narrow to one
 * operation, so the one cast is here; the functions below give each call
 * its kind's types from the document.
 */
const post = api.post as unknown as <R>(
  path: string,
  init: { body: unknown; signal?: AbortSignal; ignoreErrors?: readonly string[] },
) => Promise<R>;
const kindPath = (kind: Kind, call: KindCall) => `/portal-service/v1/resource/${kind}/${call}`;

export function getResources<K extends Kind>(kind: K, filter: KindFilter, signal?: AbortSignal) {
  return post<ResourcePageOf<K>>(kindPath(kind, 'getByFilter'), { body: filter, signal });
}

export function getResource<K extends Kind>(kind: K, ospId: string, signal?: AbortSignal) {
  return post<ResourceOf<K>>(kindPath(kind, 'get'), { body: { ospId }, signal });
}

/** Field errors are shown on the form's fields, so the generic notification leaves them out. */
export function createResource({ kind, body }: { kind: Kind; body: ResourceWriteOf<Kind> }) {
  return post<AnyResource>(kindPath(kind, 'create'), { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export function updateResource({ kind, body }: { kind: Kind; body: ResourceUpdateOf<Kind> }) {
  return post<AnyResource>(kindPath(kind, 'update'), { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

/** Deactivating takes the resource out of every composition and permission view at once. */
export function setResourceActive({ kind, ospId, active }: { kind: Kind; ospId: string; active: boolean }) {
  return post<AnyResource>(kindPath(kind, active ? 'activate' : 'deactivate'), { body: { ospId } });
}

/** Deleting archives: gone from every list, while what named it keeps its history. */
export function deleteResource({ kind, ospId }: { kind: Kind; ospId: string }) {
  return post<undefined>(kindPath(kind, 'delete'), { body: { ospId } });
}

export const resourcesQueryOptions = <K extends Kind>(kind: K, filter: KindFilter) =>
  queryOptions({
    queryKey: resourceKeys.kindList(kind, filter),
    queryFn: ({ signal }) => getResources(kind, filter, signal),
    placeholderData: keepPreviousData,
  });

export function useResources<K extends Kind>(kind: K, filter: KindFilter) {
  return useQuery(resourcesQueryOptions(kind, filter));
}

export const resourceQueryOptions = <K extends Kind>(kind: K, ospId: string) =>
  queryOptions({
    queryKey: resourceKeys.detail(kind, ospId),
    queryFn: ({ signal }) => getResource(kind, ospId, signal),
  });

export function useResource<K extends Kind>(kind: K, ospId: string, enabled = true) {
  return useQuery({ ...resourceQueryOptions(kind, ospId), enabled });
}

export const useCreateResource = () => useCatalogueMutation(createResource);
export const useUpdateResource = () => useCatalogueMutation(updateResource);
export const useSetResourceActive = () => useCatalogueMutation(setResourceActive);
export const useDeleteResource = () => useCatalogueMutation(deleteResource);
