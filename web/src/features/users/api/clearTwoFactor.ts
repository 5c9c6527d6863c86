import { api } from '@/lib/api/typed';
import { useUserMutation } from './useUserMutation';

/** Forgets an admin's authenticator; they enrol again at the next sign-in. */
export function clearTwoFactor(userOspId: string) {
  return api.post('/portal-service/v1/user/clear2fa', { body: { userOspId } });
}

export function useClearTwoFactor() {
  return useUserMutation(clearTwoFactor);
}
