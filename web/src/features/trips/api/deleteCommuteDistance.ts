import { api } from '@/lib/api/typed';
import { tripKeys } from './keys';
import { useTripMutation } from './useTripMutation';

export interface DeleteDistance {
  ospId: string;
  userOspId: string;
}

/** Removes one entry of a user's distance history. */
export function deleteCommuteDistance({ ospId }: DeleteDistance) {
  return api.post('/portal-service/v1/commute/distance/delete', { body: { ospId } });
}

export function useDeleteCommuteDistance() {
  return useTripMutation(deleteCommuteDistance, (v) => tripKeys.user(v.userOspId));
}
