import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Body } from '@/lib/api/typed';
import { DASHBOARD_USER_SEARCH_PAGE_SIZE } from '@/lib/constants';
import { userKeys } from './keys';

export type UserSearchFilter = Omit<Body<'/portal-service/v1/user/getByFilter'>, 'pagination'>;

export function searchUsers(filter: UserSearchFilter, signal?: AbortSignal) {
  return api.post('/portal-service/v1/user/getByFilter', {
    body: {
      ...filter,
      // SPEC §9: one page of 1000, sorted by first name, last name, e-mail.
      pagination: {
        page: 1,
        size: DASHBOARD_USER_SEARCH_PAGE_SIZE,
        sortOrders: [
          { property: 'firstname', direction: 'ASC' },
          { property: 'lastname', direction: 'ASC' },
          { property: 'email', direction: 'ASC' },
        ],
      },
    },
    signal,
  });
}

export const searchUsersQueryOptions = (filter: UserSearchFilter) =>
  queryOptions({
    queryKey: userKeys.search(filter),
    queryFn: ({ signal }) => searchUsers(filter, signal),
  });

/** Runs only once a search was submitted (filter not null). */
export function useSearchUsers(filter: UserSearchFilter | null) {
  return useQuery({ ...searchUsersQueryOptions(filter ?? { search: '' }), enabled: filter !== null });
}
