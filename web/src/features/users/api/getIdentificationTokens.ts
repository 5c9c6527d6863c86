import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { userKeys } from './keys';

export function getIdentificationTokens(userOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/user/identificationToken/get', {
    body: { userOspId },
    signal,
  });
}

export const identificationTokensQueryOptions = (userOspId: string) =>
  queryOptions({
    queryKey: userKeys.tokens(userOspId),
    queryFn: ({ signal }) => getIdentificationTokens(userOspId, signal),
  });

export function useIdentificationTokens(userOspId: string) {
  return useQuery(identificationTokensQueryOptions(userOspId));
}
