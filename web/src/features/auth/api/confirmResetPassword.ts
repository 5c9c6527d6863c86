import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';

export interface ConfirmResetPasswordRequest {
  token: string;
  newPassword: string;
}

export const RESET_TOKEN_INVALID = 'RESET_TOKEN_INVALID';

export function confirmResetPassword(body: ConfirmResetPasswordRequest): Promise<void> {
  return api.post('/user-service/v1/auth/resetPassword/confirm', {
    body,
    auth: false,
    // Shown on the page, next to the form.
    ignoreErrors: [RESET_TOKEN_INVALID, ErrorLabel.VALIDATION_FAILED],
  });
}

export function useConfirmResetPassword() {
  return useMutation({ mutationFn: confirmResetPassword });
}
