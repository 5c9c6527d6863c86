import { ErrorLabel } from '@/lib/api/errors';
import { api, type Body } from '@/lib/api/typed';
import { tripKeys } from './keys';
import { useTripMutation } from './useTripMutation';

/** Replaces a user's commute overrides (a field left out: the company's value). */
export function updateCommuteCompensation(body: Body<'/portal-service/v1/commute/user/compensation/update'>) {
  return api.post('/portal-service/v1/commute/user/compensation/update', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export function useUpdateCommuteCompensation() {
  return useTripMutation(updateCommuteCompensation, (body) => tripKeys.user(body.userOspId));
}
