import { api } from '@/lib/api/typed';
import { useUserMutation } from './useUserMutation';

/** Lifts the block after too many failed sign-ins. */
export function unblockUser(ospId: string) {
  return api.post('/portal-service/v1/user/unblock', { body: { ospId } });
}

export function useUnblockUser() {
  return useUserMutation(unblockUser);
}
