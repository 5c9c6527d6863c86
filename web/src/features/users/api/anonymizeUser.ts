import { api } from '@/lib/api/typed';
import type { User } from '@/lib/api/types';
import { useUserMutation } from './useUserMutation';

/** Irreversible: replaces the user's personal data for good. */
export function anonymizeUser(ospId: string): Promise<User> {
  return api.post('/portal-service/v1/user/anonymize', { body: { ospId } });
}

export function useAnonymizeUser() {
  return useUserMutation(anonymizeUser);
}
