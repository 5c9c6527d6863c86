import { api, type Body } from '@/lib/api/typed';
import { tripKeys } from './keys';
import { REGISTRATION_FIELD_ERRORS } from './tripLabels';
import { useTripMutation } from './useTripMutation';

/** Corrects a REGISTERED or REJECTED registration; it is REGISTERED again. */
export function updateRegistration(body: Body<'/portal-service/v1/travel/registration/update'>) {
  return api.post('/portal-service/v1/travel/registration/update', { body, ignoreErrors: REGISTRATION_FIELD_ERRORS });
}

export function useUpdateRegistration() {
  return useTripMutation(updateRegistration, () => tripKeys.registrations());
}
