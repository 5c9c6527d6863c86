import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ErrorLabel } from '@/lib/api/errors';
import { api, type Body } from '@/lib/api/typed';
import { RESOURCE_PICKER_PAGE_SIZE } from '@/lib/constants';
import { resourceKeys } from './keys';
import { useCatalogueMutation } from './mutation';
import type { GroupFilter } from './types';

export function getGroups(filter: GroupFilter, signal?: AbortSignal) {
  return api.post('/portal-service/v1/resourcegroup/getByFilter', { body: filter, signal });
}

export function useGroups(filter: GroupFilter) {
  return useQuery(
    queryOptions({
      queryKey: resourceKeys.groupList(filter),
      queryFn: ({ signal }) => getGroups(filter, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

export function getGroup(ospId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/resourcegroup/get', { body: { ospId }, signal });
}

export function useGroup(ospId: string, enabled = true) {
  return useQuery({ queryKey: resourceKeys.group(ospId), queryFn: ({ signal }) => getGroup(ospId, signal), enabled });
}

export function createGroup(body: Body<'/portal-service/v1/resourcegroup/create'>) {
  return api.post('/portal-service/v1/resourcegroup/create', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export function updateGroup(body: Body<'/portal-service/v1/resourcegroup/update'>) {
  return api.post('/portal-service/v1/resourcegroup/update', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export interface MembersChange {
  ospId: string;
  resourceOspIds: string[];
}

/** Only active resources join a group (RESOURCE_NOT_ACTIVE); all or none are added. */
export function addGroupMembers(body: MembersChange) {
  return api.post('/portal-service/v1/resourcegroup/add', { body });
}

export function removeGroupMembers(body: MembersChange) {
  return api.post('/portal-service/v1/resourcegroup/remove', { body });
}

/** resourcegroup/activate with active false deactivates. */
export function setGroupActive({ ospId, active }: { ospId: string; active: boolean }) {
  return api.post('/portal-service/v1/resourcegroup/activate', { body: { ospId, active } });
}

export function deleteGroup({ ospId }: { ospId: string }) {
  return api.post('/portal-service/v1/resourcegroup/delete', { body: { ospId } });
}

/** Active resources of every kind for the members' picker: one page per search. */
export function searchResources(search: string, kinds: string[], signal?: AbortSignal) {
  return api.post('/portal-service/v1/resource/getByFilter', {
    body: {
      search: search || undefined,
      kinds: kinds.length ? kinds : undefined,
      active: true,
      pagination: { page: 1, size: RESOURCE_PICKER_PAGE_SIZE, sortOrders: [{ property: 'name', direction: 'ASC' }] },
    },
    signal,
  });
}

export function useResourceSearch(search: string, kinds: string[], enabled: boolean) {
  return useQuery({
    queryKey: resourceKeys.search({ search, kinds }),
    queryFn: ({ signal }) => searchResources(search, kinds, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const useCreateGroup = () => useCatalogueMutation(createGroup);
export const useUpdateGroup = () => useCatalogueMutation(updateGroup);
export const useAddGroupMembers = () => useCatalogueMutation(addGroupMembers);
export const useRemoveGroupMembers = () => useCatalogueMutation(removeGroupMembers);
export const useSetGroupActive = () => useCatalogueMutation(setGroupActive);
export const useDeleteGroup = () => useCatalogueMutation(deleteGroup);
