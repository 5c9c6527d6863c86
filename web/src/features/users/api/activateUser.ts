import { api } from '@/lib/api/typed';
import type { ActivateUserRequest, User } from '@/lib/api/types';
import { useUserMutation } from './useUserMutation';

/** Activates a user now or at the end of the day (SPEC §4). */
export function activateUser(body: ActivateUserRequest): Promise<User> {
  return api.post('/portal-service/v1/user/activate', { body });
}

export function useActivateUser() {
  return useUserMutation(activateUser);
}
