import { api } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import type { UserGroup, UserGroupWriteData } from '@/lib/api/types';
import { useGroupMutation } from './useGroupMutation';

export function updateUserGroup(body: { ospId: string; data: UserGroupWriteData }): Promise<UserGroup> {
  return api.post('/portal-service/v1/usergroup/update', {
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useUpdateUserGroup() {
  return useGroupMutation(updateUserGroup);
}
