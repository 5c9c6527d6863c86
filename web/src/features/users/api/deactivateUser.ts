import { api, type Body } from '@/lib/api/typed';
import { useUserMutation } from './useUserMutation';

/** Deactivates now, at the end of the day, on a chosen day, or manually later (clears a plan). */
export function deactivateUser(body: Body<'/portal-service/v1/user/deactivate'>) {
  return api.post('/portal-service/v1/user/deactivate', { body });
}

export function useDeactivateUser() {
  return useUserMutation(deactivateUser);
}
