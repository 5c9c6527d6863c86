import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { GROUP_CANDIDATES_PAGE_SIZE } from '@/lib/constants';
import { groupKeys } from './keys';

/** App users of the company who are not in the group yet (excludeMembersOf). */
export function findGroupCandidates(
  userGroupOspId: string,
  corporateAccountOspId: string,
  search: string,
  signal?: AbortSignal,
) {
  return api.post('/portal-service/v1/user/findByAny', {
    body: {
      corporateAccountOspId,
      excludeMembersOf: userGroupOspId,
      types: ['mobile'],
      search: search || undefined,
      pagination: { page: 1, size: GROUP_CANDIDATES_PAGE_SIZE, sortOrders: [{ property: 'lastname', direction: 'ASC' }] },
    },
    signal,
  });
}

export const groupCandidatesQueryOptions = (userGroupOspId: string, corporateAccountOspId: string, search: string) =>
  queryOptions({
    queryKey: groupKeys.candidates(userGroupOspId, search),
    queryFn: ({ signal }) => findGroupCandidates(userGroupOspId, corporateAccountOspId, search, signal),
    placeholderData: keepPreviousData,
  });

export function useGroupCandidates(userGroupOspId: string, corporateAccountOspId: string, search: string, enabled: boolean) {
  return useQuery({ ...groupCandidatesQueryOptions(userGroupOspId, corporateAccountOspId, search), enabled });
}
