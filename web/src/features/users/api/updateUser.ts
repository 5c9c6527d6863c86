import { api } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import type { UpdateUserRequest, User } from '@/lib/api/types';
import { useUserMutation } from './useUserMutation';

export function updateUser(body: UpdateUserRequest): Promise<User> {
  return api.post('/portal-service/v1/user/update', {
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useUpdateUser() {
  return useUserMutation(updateUser);
}
