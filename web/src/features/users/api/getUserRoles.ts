import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { userKeys } from './keys';

export function getUserRoles(ospId: string, signal?: AbortSignal): Promise<string[]> {
  return api.post('/portal-service/v1/user/role/list', { body: { ospId }, signal });
}

export const userRolesQueryOptions = (ospId: string) =>
  queryOptions({ queryKey: userKeys.roles(ospId), queryFn: ({ signal }) => getUserRoles(ospId, signal) });

export function useUserRoles(ospId: string) {
  return useQuery(userRolesQueryOptions(ospId));
}
