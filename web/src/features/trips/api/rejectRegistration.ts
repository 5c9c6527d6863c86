import { api } from '@/lib/api/typed';
import { tripKeys } from './keys';
import { useTripMutation } from './useTripMutation';

/** Rejects a REGISTERED or APPROVED registration: it is not paid. */
export function rejectRegistration(ospId: string) {
  return api.post('/portal-service/v1/travel/registration/reject', { body: { ospId } });
}

export function useRejectRegistration() {
  return useTripMutation(rejectRegistration, () => tripKeys.registrations());
}
