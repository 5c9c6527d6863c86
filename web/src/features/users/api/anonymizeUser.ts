import { apiRequest } from '@/lib/api/client';
import type { User } from '@/lib/api/types';
import { useUserMutation } from './useUserMutation';

/** Irreversible: replaces the user's personal data for good. */
export function anonymizeUser(ospId: string): Promise<User> {
  return apiRequest<User>('/portal-service/v1/user/anonymize', { body: { ospId } });
}

export function useAnonymizeUser() {
  return useUserMutation(anonymizeUser);
}
