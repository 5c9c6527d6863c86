import { api } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import type { CreateManagerRequest, User } from '@/lib/api/types';
import { useUserMutation } from './useUserMutation';

export function createManager(body: CreateManagerRequest): Promise<User> {
  return api.post('/portal-service/v1/user/manager/create', {
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCreateManager() {
  return useUserMutation(createManager);
}
