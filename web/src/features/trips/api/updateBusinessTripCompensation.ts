import { ErrorLabel } from '@/lib/api/errors';
import { api, type Body } from '@/lib/api/typed';
import { tripKeys } from './keys';
import { useTripMutation } from './useTripMutation';

/** Replaces a user's business-trip overrides (a field left out: the company's value). */
export function updateBusinessTripCompensation(body: Body<'/portal-service/v1/businessTrip/compensation/update'>) {
  return api.post('/portal-service/v1/businessTrip/compensation/update', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export function useUpdateBusinessTripCompensation() {
  return useTripMutation(updateBusinessTripCompensation, (body) => tripKeys.user(body.userOspId));
}
