import { api } from '@/lib/api/typed';
import type { User } from '@/lib/api/types';
import { useUserMutation } from './useUserMutation';

/** Forgets an admin's authenticator; they enrol again at the next sign-in. */
export function clearTwoFactor(userOspId: string): Promise<User> {
  return api.post('/portal-service/v1/user/clear2fa', { body: { userOspId } });
}

export function useClearTwoFactor() {
  return useUserMutation(clearTwoFactor);
}
