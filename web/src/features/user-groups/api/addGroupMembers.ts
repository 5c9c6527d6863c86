import { api } from '@/lib/api/typed';
import { useGroupMutation } from './useGroupMutation';

export interface MembersChange {
  userGroupOspId: string;
  userOspIds: string[];
}

export function addGroupMembers({ userGroupOspId, userOspIds }: MembersChange) {
  return api.post('/portal-service/v1/usergroup/addUsers', {
    body: { usergroup: { ospId: userGroupOspId }, users: userOspIds.map((ospId) => ({ ospId })) },
  });
}

export function useAddGroupMembers() {
  return useGroupMutation(addGroupMembers);
}
