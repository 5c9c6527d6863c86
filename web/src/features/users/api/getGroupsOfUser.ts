import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { userKeys } from './keys';

export function getGroupsOfUser(userOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/usergroup/getByUser', { body: { userOspId }, signal });
}

export const groupsOfUserQueryOptions = (userOspId: string) =>
  queryOptions({ queryKey: userKeys.groups(userOspId), queryFn: ({ signal }) => getGroupsOfUser(userOspId, signal) });

export function useGroupsOfUser(userOspId: string) {
  return useQuery(groupsOfUserQueryOptions(userOspId));
}
