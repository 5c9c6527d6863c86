import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { tripKeys } from './keys';

/** A user's commuting distance history (newest first) and the entry valid today. */
export function getCommuteDistances(userOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/commute/distance/get', { body: { userOspId }, signal });
}

export const commuteDistancesQueryOptions = (userOspId: string) =>
  queryOptions({ queryKey: tripKeys.distances(userOspId), queryFn: ({ signal }) => getCommuteDistances(userOspId, signal) });

export function useCommuteDistances(userOspId: string) {
  return useQuery(commuteDistancesQueryOptions(userOspId));
}
