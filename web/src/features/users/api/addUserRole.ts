import { api } from '@/lib/api/typed';
import { type RoleChange, useRoleMutation } from './useRoleMutation';

/** Grants one role; the server refuses roles the caller does not hold (ROLE_NOT_HELD). */
export function addUserRole(change: RoleChange): Promise<string[]> {
  return api.post('/portal-service/v1/user/role/add', { body: change });
}

export function useAddUserRole() {
  return useRoleMutation(addUserRole);
}
