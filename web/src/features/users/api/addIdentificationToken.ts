import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Body } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import { userKeys } from './keys';

export function addIdentificationToken(body: Body<'/portal-service/v1/user/identificationToken/add'>) {
  return api.post('/portal-service/v1/user/identificationToken/add', {
    body,
    // The dialog shows field errors (invalid or already used value) itself.
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useAddIdentificationToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addIdentificationToken,
    onSuccess: (_, { userOspId }) => client.invalidateQueries({ queryKey: userKeys.tokens(userOspId) }),
  });
}
