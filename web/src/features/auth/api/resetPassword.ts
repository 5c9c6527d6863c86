import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';

/** Mails a link to /set-new-password?token=… when the login exists. */
export function resetPassword(login: string): Promise<void> {
  return api.post('/user-service/v1/auth/resetPassword', { body: { login }, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
