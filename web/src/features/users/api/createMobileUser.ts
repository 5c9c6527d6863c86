import { api, type Body } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import { useUserMutation } from './useUserMutation';

// Field errors are shown next to the fields, not in a notification.
export function createMobileUser(body: Body<'/portal-service/v1/user/mobile/create'>) {
  return api.post('/portal-service/v1/user/mobile/create', {
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCreateMobileUser() {
  return useUserMutation(createMobileUser);
}
