import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Body } from '@/lib/api/typed';
import { userKeys } from './keys';

export function findUsers(filter: Body<'/portal-service/v1/user/findByAny'>, signal?: AbortSignal) {
  return api.post('/portal-service/v1/user/findByAny', { body: filter, signal });
}

export const findUsersQueryOptions = (filter: Body<'/portal-service/v1/user/findByAny'>) =>
  queryOptions({
    queryKey: userKeys.list(filter),
    queryFn: ({ signal }) => findUsers(filter, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useFindUsers(filter: Body<'/portal-service/v1/user/findByAny'>, enabled = true) {
  return useQuery({ ...findUsersQueryOptions(filter), enabled });
}
