import { api } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import type { CreateMobileUserRequest, User } from '@/lib/api/types';
import { useUserMutation } from './useUserMutation';

// Field errors are shown next to the fields, not in a notification.
export function createMobileUser(body: CreateMobileUserRequest): Promise<User> {
  return api.post('/portal-service/v1/user/mobile/create', {
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCreateMobileUser() {
  return useUserMutation(createMobileUser);
}
