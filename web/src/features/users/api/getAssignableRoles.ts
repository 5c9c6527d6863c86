import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { userKeys } from './keys';

/** Every admin role, with whether the signed-in user may grant it (only roles they hold). */
export function getAssignableRoles(signal?: AbortSignal) {
  return api.post('/portal-service/v1/user/role/list/all', { signal });
}

export const assignableRolesQueryOptions = () =>
  queryOptions({ queryKey: userKeys.assignableRoles(), queryFn: ({ signal }) => getAssignableRoles(signal), staleTime: Infinity });

export function useAssignableRoles() {
  return useQuery(assignableRolesQueryOptions());
}
