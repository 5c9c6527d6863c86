import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { tripKeys } from './keys';

/** A user's commute compensation overrides (absent: the company's value), with the company's values beside them. */
export function getCommuteCompensation(userOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/commute/user/compensation/get', { body: { userOspId }, signal });
}

export const commuteCompensationQueryOptions = (userOspId: string) =>
  queryOptions({ queryKey: tripKeys.compensation(userOspId, 'commute'), queryFn: ({ signal }) => getCommuteCompensation(userOspId, signal) });

export function useCommuteCompensation(userOspId: string) {
  return useQuery(commuteCompensationQueryOptions(userOspId));
}
