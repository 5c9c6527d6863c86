import { api } from '@/lib/api/typed';
import { tripKeys } from './keys';
import { useTripMutation } from './useTripMutation';

/** Approves a REGISTERED or REJECTED registration: the monthly run pays it. */
export function approveRegistration(ospId: string) {
  return api.post('/portal-service/v1/travel/registration/approve', { body: { ospId } });
}

export function useApproveRegistration() {
  return useTripMutation(approveRegistration, () => tripKeys.registrations());
}
