import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import type { TokenTypeInfo } from '@/lib/api/types';
import { userKeys } from './keys';

/** Token types with the fields each carries (a MOBIB card has a card number and a chip id). */
export function getTokenTypes(signal?: AbortSignal): Promise<TokenTypeInfo[]> {
  return apiRequest<TokenTypeInfo[]>('/portal-service/v1/user/identificationToken/type/list', { signal });
}

export const tokenTypesQueryOptions = () =>
  queryOptions({ queryKey: userKeys.tokenTypes(), queryFn: ({ signal }) => getTokenTypes(signal), staleTime: Infinity });

export function useTokenTypes() {
  return useQuery(tokenTypesQueryOptions());
}
