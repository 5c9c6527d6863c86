import { apiRequest } from '@/lib/api/client';
import { ErrorLabel } from '@/lib/api/errors';
import type { CreateManagerRequest, User } from '@/lib/api/types';
import { useUserMutation } from './useUserMutation';

export function createManager(body: CreateManagerRequest): Promise<User> {
  return apiRequest<User>('/portal-service/v1/user/manager/create', {
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCreateManager() {
  return useUserMutation(createManager);
}
