import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { userKeys } from './keys';

export function getUser(ospId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/user/get', { body: { ospId }, signal });
}

export const userQueryOptions = (ospId: string) =>
  queryOptions({ queryKey: userKeys.detail(ospId), queryFn: ({ signal }) => getUser(ospId, signal) });

export function useUser(ospId: string) {
  return useQuery(userQueryOptions(ospId));
}
