import { api, type Body } from '@/lib/api/typed';
import { tripKeys } from './keys';
import { useTripMutation } from './useTripMutation';

/** Lets a user register business trips or not; refused until the company enables business trips (SPEC §8). */
export function updateBusinessTripPermission(body: Body<'/portal-service/v1/businessTrip/configuration/permission/update'>) {
  return api.post('/portal-service/v1/businessTrip/configuration/permission/update', { body });
}

export function useUpdateBusinessTripPermission() {
  return useTripMutation(updateBusinessTripPermission, (body) => tripKeys.user(body.userOspId));
}
