import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { tripKeys } from './keys';

/** A user's home-work compensation overrides (absent: the company's value), with the company's values beside them. */
export function getHomeworkCompensation(userOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/homework/compensation/get', { body: { userOspId }, signal });
}

export const homeworkCompensationQueryOptions = (userOspId: string) =>
  queryOptions({ queryKey: tripKeys.compensation(userOspId, 'homework'), queryFn: ({ signal }) => getHomeworkCompensation(userOspId, signal) });

export function useHomeworkCompensation(userOspId: string) {
  return useQuery(homeworkCompensationQueryOptions(userOspId));
}
