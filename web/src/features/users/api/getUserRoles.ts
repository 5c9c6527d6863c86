import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { userKeys } from './keys';

export function getUserRoles(ospId: string, signal?: AbortSignal): Promise<string[]> {
  return apiRequest<string[]>('/portal-service/v1/user/role/list', { body: { ospId }, signal });
}

export const userRolesQueryOptions = (ospId: string) =>
  queryOptions({ queryKey: userKeys.roles(ospId), queryFn: ({ signal }) => getUserRoles(ospId, signal) });

export function useUserRoles(ospId: string) {
  return useQuery(userRolesQueryOptions(ospId));
}
