import { api } from '@/lib/api/typed';
import type { User } from '@/lib/api/types';
import { useUserMutation } from './useUserMutation';

/** Lifts the block after too many failed sign-ins. */
export function unblockUser(ospId: string): Promise<User> {
  return api.post('/portal-service/v1/user/unblock', { body: { ospId } });
}

export function useUnblockUser() {
  return useUserMutation(unblockUser);
}
