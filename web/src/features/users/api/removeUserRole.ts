import { api } from '@/lib/api/typed';
import { type RoleChange, useRoleMutation } from './useRoleMutation';

/** Takes one role away; an admin keeps at least one (LAST_ROLE). */
export function removeUserRole(change: RoleChange): Promise<string[]> {
  return api.post('/portal-service/v1/user/role/remove', { body: change });
}

export function useRemoveUserRole() {
  return useRoleMutation(removeUserRole);
}
