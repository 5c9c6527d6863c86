import { api } from '@/lib/api/typed';
import { useGroupMutation } from './useGroupMutation';

/** activate with active false deactivates; the default group refuses (DEFAULT_USER_GROUP_IMMUTABLE). */
export function setUserGroupActive(body: { ospId: string; active: boolean }) {
  return api.post('/portal-service/v1/usergroup/activate', { body });
}

export function useSetUserGroupActive() {
  return useGroupMutation(setUserGroupActive);
}
