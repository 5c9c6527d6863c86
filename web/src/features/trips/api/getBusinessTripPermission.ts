import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { tripKeys } from './keys';

/** Whether a user may register business trips, and whether the company offers it. */
export function getBusinessTripPermission(userOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/businessTrip/configuration/permission/get', { body: { userOspId }, signal });
}

export const businessTripPermissionQueryOptions = (userOspId: string) =>
  queryOptions({ queryKey: tripKeys.permission(userOspId, 'businessTrip'), queryFn: ({ signal }) => getBusinessTripPermission(userOspId, signal) });

export function useBusinessTripPermission(userOspId: string) {
  return useQuery(businessTripPermissionQueryOptions(userOspId));
}
