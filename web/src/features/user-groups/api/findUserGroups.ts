import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import type { UserGroupFindRequest, UserGroupPage } from '@/lib/api/types';
import { groupKeys } from './keys';

export function findUserGroups(filter: UserGroupFindRequest, signal?: AbortSignal): Promise<UserGroupPage> {
  return api.post('/portal-service/v1/usergroup/findAll', { body: filter, signal });
}

export const findUserGroupsQueryOptions = (filter: UserGroupFindRequest) =>
  queryOptions({
    queryKey: groupKeys.list(filter),
    queryFn: ({ signal }) => findUserGroups(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useFindUserGroups(filter: UserGroupFindRequest, enabled = true) {
  return useQuery({ ...findUserGroupsQueryOptions(filter), enabled });
}
