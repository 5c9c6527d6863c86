import { api, type Body } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import { useUserMutation } from './useUserMutation';

export function createManager(body: Body<'/portal-service/v1/user/manager/create'>) {
  return api.post('/portal-service/v1/user/manager/create', {
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCreateManager() {
  return useUserMutation(createManager);
}
