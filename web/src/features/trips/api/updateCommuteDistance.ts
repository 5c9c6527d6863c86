import { api, type Body } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import { tripKeys } from './keys';
import { useTripMutation } from './useTripMutation';

/** Sets the distance (metres) valid from a day; the user's own within ±20 % of it. */
export function updateCommuteDistance(body: Body<'/portal-service/v1/commute/distance/update'>) {
  return api.post('/portal-service/v1/commute/distance/update', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export function useUpdateCommuteDistance() {
  return useTripMutation(updateCommuteDistance, (body) => tripKeys.user(body.userOspId));
}
