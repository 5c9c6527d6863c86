import { api } from '@/lib/api/typed';
import type { MembersChange } from './addGroupMembers';
import { useGroupMutation } from './useGroupMutation';

/** Nobody leaves the default group (DEFAULT_USER_GROUP_IMMUTABLE); the UI does not offer it. */
export function removeGroupMembers({ userGroupOspId, userOspIds }: MembersChange) {
  return api.post('/portal-service/v1/usergroup/removeUsers', {
    body: { usergroup: { ospId: userGroupOspId }, users: userOspIds.map((ospId) => ({ ospId })) },
  });
}

export function useRemoveGroupMembers() {
  return useGroupMutation(removeGroupMembers);
}
