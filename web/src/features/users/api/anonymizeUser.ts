import { api } from '@/lib/api/typed';
import { useUserMutation } from './useUserMutation';

/** Irreversible: replaces the user's personal data for good. */
export function anonymizeUser(ospId: string) {
  return api.post('/portal-service/v1/user/anonymize', { body: { ospId } });
}

export function useAnonymizeUser() {
  return useUserMutation(anonymizeUser);
}
