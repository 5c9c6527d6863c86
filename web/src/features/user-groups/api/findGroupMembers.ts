import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Body } from '@/lib/api/typed';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { groupKeys } from './keys';

export interface MembersFilter {
  corporateAccountOspId: string;
  page: number;
  search?: string;
}

export function findGroupMembers(userGroupOspId: string, filter: MembersFilter, signal?: AbortSignal) {
  const body: Body<'/portal-service/v1/user/findByAny'> = {
    corporateAccountOspId: filter.corporateAccountOspId,
    userGroupOspId,
    search: filter.search || undefined,
    pagination: { page: filter.page, size: DEFAULT_PAGE_SIZE, sortOrders: [{ property: 'lastname', direction: 'ASC' }] },
  };
  return api.post('/portal-service/v1/user/findByAny', { body, signal });
}

export const groupMembersQueryOptions = (userGroupOspId: string, filter: MembersFilter) =>
  queryOptions({
    queryKey: groupKeys.members(userGroupOspId, filter),
    queryFn: ({ signal }) => findGroupMembers(userGroupOspId, filter, signal),
    placeholderData: keepPreviousData,
  });

export function useGroupMembers(userGroupOspId: string, filter: MembersFilter) {
  return useQuery(groupMembersQueryOptions(userGroupOspId, filter));
}
