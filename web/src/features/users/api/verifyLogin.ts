import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { userKeys } from './keys';

export function verifyLogin(login: string, userOspId?: string, signal?: AbortSignal) {
  // A failed check must not block typing with notifications; the server
  // checks again on save.
  return api.post('/portal-service/v1/user/verifyLogin', {
    body: { login, userOspId },
    signal,
    ignoreErrors: 'all',
  });
}

export const verifyLoginQueryOptions = (login: string, userOspId?: string) =>
  queryOptions({
    queryKey: userKeys.verifyLogin(login, userOspId),
    queryFn: ({ signal }) => verifyLogin(login, userOspId, signal),
    staleTime: 10_000,
  });

/** Pass the debounced login; empty means "nothing to check". */
export function useVerifyLogin(login: string, userOspId?: string) {
  return useQuery({ ...verifyLoginQueryOptions(login, userOspId), enabled: login.length > 0 });
}
