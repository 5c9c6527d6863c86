import { api, type Body } from '@/lib/api/typed';
import { tripKeys } from './keys';
import { useTripMutation } from './useTripMutation';

/** Sets which commute modes a user may register. */
export function updateCommuteUser(body: Body<'/portal-service/v1/commute/user/update'>) {
  return api.post('/portal-service/v1/commute/user/update', { body });
}

export function useUpdateCommuteUser() {
  return useTripMutation(updateCommuteUser, (body) => tripKeys.user(body.userOspId));
}
