import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { tripKeys } from './keys';

/** What a user may register today (the modes the company offers and the user may use) and the distance valid today. */
export function getCommuteStatus(userOspId: string, signal?: AbortSignal) {
  return api.get('/portal-service/v1/commute/user/{id}/status', { path: { id: userOspId }, signal });
}

export const commuteStatusQueryOptions = (userOspId: string) =>
  queryOptions({ queryKey: tripKeys.status(userOspId), queryFn: ({ signal }) => getCommuteStatus(userOspId, signal) });

export function useCommuteStatus(userOspId: string) {
  return useQuery(commuteStatusQueryOptions(userOspId));
}
