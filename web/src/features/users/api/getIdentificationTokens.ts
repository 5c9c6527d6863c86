import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import type { IdentificationToken } from '@/lib/api/types';
import { userKeys } from './keys';

export function getIdentificationTokens(userOspId: string, signal?: AbortSignal): Promise<IdentificationToken[]> {
  return apiRequest<IdentificationToken[]>('/portal-service/v1/user/identificationToken/get', {
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
