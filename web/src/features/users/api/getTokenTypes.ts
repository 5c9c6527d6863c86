import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { userKeys } from './keys';

/** Token types with the fields each carries (a MOBIB card has a card number and a chip id). */
export function getTokenTypes(signal?: AbortSignal) {
  return api.post('/portal-service/v1/user/identificationToken/type/list', { signal });
}

export const tokenTypesQueryOptions = () =>
  queryOptions({ queryKey: userKeys.tokenTypes(), queryFn: ({ signal }) => getTokenTypes(signal), staleTime: Infinity });

export function useTokenTypes() {
  return useQuery(tokenTypesQueryOptions());
}
