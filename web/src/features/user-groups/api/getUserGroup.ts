import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { groupKeys } from './keys';

export function getUserGroup(ospId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/usergroup/getByOspId', { body: { ospId }, signal });
}

export const userGroupQueryOptions = (ospId: string) =>
  queryOptions({ queryKey: groupKeys.detail(ospId), queryFn: ({ signal }) => getUserGroup(ospId, signal) });

export function useUserGroup(ospId: string) {
  return useQuery(userGroupQueryOptions(ospId));
}
