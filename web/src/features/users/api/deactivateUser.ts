import { api } from '@/lib/api/typed';
import type { DeactivateUserRequest, User } from '@/lib/api/types';
import { useUserMutation } from './useUserMutation';

/** Deactivates now, at the end of the day, on a chosen day, or manually later (clears a plan). */
export function deactivateUser(body: DeactivateUserRequest): Promise<User> {
  return api.post('/portal-service/v1/user/deactivate', { body });
}

export function useDeactivateUser() {
  return useUserMutation(deactivateUser);
}
