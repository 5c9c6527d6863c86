import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import type { UserFindRequest, UserListPage } from '@/lib/api/types';
import { userKeys } from './keys';

export function findUsers(filter: UserFindRequest, signal?: AbortSignal): Promise<UserListPage> {
  return api.post('/portal-service/v1/user/findByAny', { body: filter, signal });
}

export const findUsersQueryOptions = (filter: UserFindRequest) =>
  queryOptions({
    queryKey: userKeys.list(filter),
    queryFn: ({ signal }) => findUsers(filter, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useFindUsers(filter: UserFindRequest, enabled = true) {
  return useQuery({ ...findUsersQueryOptions(filter), enabled });
}
