import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';

/** Mails the login names registered for this address, if any. */
export function resetLogin(email: string): Promise<void> {
  return api.post('/user-service/v1/auth/resetLogin', { body: { email }, auth: false });
}

export function useResetLogin() {
  return useMutation({ mutationFn: resetLogin });
}
