import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';

/** Mails the login names registered for this address, if any. */
export function resetLogin(email: string): Promise<void> {
  return apiRequest<void>('/user-service/v1/auth/resetLogin', { method: 'POST', body: { email }, auth: false });
}

export function useResetLogin() {
  return useMutation({ mutationFn: resetLogin });
}
