import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';

/** Mails a link to /set-new-password?token=… when the login exists. */
export function resetPassword(login: string): Promise<void> {
  return apiRequest<void>('/user-service/v1/auth/resetPassword', { method: 'POST', body: { login }, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
