import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { tripKeys } from './keys';

/** A user's business-trip compensation overrides (absent: the company's value), with the company's values beside them. */
export function getBusinessTripCompensation(userOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/businessTrip/compensation/get', { body: { userOspId }, signal });
}

export const businessTripCompensationQueryOptions = (userOspId: string) =>
  queryOptions({ queryKey: tripKeys.compensation(userOspId, 'businessTrip'), queryFn: ({ signal }) => getBusinessTripCompensation(userOspId, signal) });

export function useBusinessTripCompensation(userOspId: string) {
  return useQuery(businessTripCompensationQueryOptions(userOspId));
}
