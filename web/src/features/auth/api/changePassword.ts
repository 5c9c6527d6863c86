import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import { passdigest } from '@/lib/hash';

export const WRONG_PASSWORD = 'WRONG_PASSWORD';

export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
}

export async function changePassword({ oldPassword, newPassword }: ChangePasswordInput): Promise<void> {
  // The old password is proven the same way as at sign-in; the new one is
  // sent as typed because the server enforces its rules (length) and hashes it.
  const oldPassdigest = await passdigest(oldPassword);
  return api.post('/user-service/v1/user/changePassword', {
    body: { oldPassdigest, newPassword },
    ignoreErrors: [WRONG_PASSWORD, ErrorLabel.VALIDATION_FAILED],
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
