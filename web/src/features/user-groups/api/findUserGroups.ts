import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Body } from '@/lib/api/typed';
import { groupKeys } from './keys';

export function findUserGroups(filter: Body<'/portal-service/v1/usergroup/findAll'>, signal?: AbortSignal) {
  return api.post('/portal-service/v1/usergroup/findAll', { body: filter, signal });
}

export const findUserGroupsQueryOptions = (filter: Body<'/portal-service/v1/usergroup/findAll'>) =>
  queryOptions({
    queryKey: groupKeys.list(filter),
    queryFn: ({ signal }) => findUserGroups(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useFindUserGroups(filter: Body<'/portal-service/v1/usergroup/findAll'>, enabled = true) {
  return useQuery({ ...findUserGroupsQueryOptions(filter), enabled });
}
