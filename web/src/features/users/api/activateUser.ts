import { api, type Body } from '@/lib/api/typed';
import { useUserMutation } from './useUserMutation';

/** Activates a user now or at the end of the day (SPEC §4). */
export function activateUser(body: Body<'/portal-service/v1/user/activate'>) {
  return api.post('/portal-service/v1/user/activate', { body });
}

export function useActivateUser() {
  return useUserMutation(activateUser);
}
