import { api } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import type { CreateContactRequest, User } from '@/lib/api/types';
import { useUserMutation } from './useUserMutation';

export function createContact(body: CreateContactRequest): Promise<User> {
  return api.post('/portal-service/v1/user/contact/create', {
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCreateContact() {
  return useUserMutation(createContact);
}
