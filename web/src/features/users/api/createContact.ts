import { api, type Body } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import { useUserMutation } from './useUserMutation';

export function createContact(body: Body<'/portal-service/v1/user/contact/create'>) {
  return api.post('/portal-service/v1/user/contact/create', {
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCreateContact() {
  return useUserMutation(createContact);
}
