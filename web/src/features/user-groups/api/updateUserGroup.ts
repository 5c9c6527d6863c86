import { api, type Body } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import { useGroupMutation } from './useGroupMutation';

export function updateUserGroup(body: Body<'/portal-service/v1/usergroup/update'>) {
  return api.post('/portal-service/v1/usergroup/update', {
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useUpdateUserGroup() {
  return useGroupMutation(updateUserGroup);
}
