import { api, type Body } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import { useUserMutation } from './useUserMutation';

export function updateUser(body: Body<'/portal-service/v1/user/update'>) {
  return api.post('/portal-service/v1/user/update', {
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useUpdateUser() {
  return useUserMutation(updateUser);
}
