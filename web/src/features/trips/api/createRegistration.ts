import type { MoneyCall } from '@/lib/api/idempotency';
import { api, type Body } from '@/lib/api/typed';
import { tripKeys } from './keys';
import { REGISTRATION_FIELD_ERRORS } from './tripLabels';
import { useTripMutation } from './useTripMutation';

/**
 * Registers a trip or home-work day on a user's behalf. It becomes money in
 * the monthly run, so it carries the form's Idempotency-Key.
 */
export function createRegistration({ body, idempotencyKey }: MoneyCall<Body<'/portal-service/v1/travel/registration/create'>>) {
  return api.post('/portal-service/v1/travel/registration/create', {
    body,
    idempotencyKey,
    ignoreErrors: REGISTRATION_FIELD_ERRORS,
  });
}

export function useCreateRegistration() {
  return useTripMutation(createRegistration, () => tripKeys.registrations());
}
