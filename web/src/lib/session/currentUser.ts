import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/typed';
import { useIsSignedIn } from '../auth/tokens';
import { sessionKeys } from './keys';

export function getCurrentUser(signal?: AbortSignal) {
  return api.post('/portal-service/v1/user/current', { signal });
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.currentUser(),
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 5 * 60_000,
  });

/** The signed-in user; idle (no data) while signed out. */
export function useCurrentUser() {
  const signedIn = useIsSignedIn();
  return useQuery({ ...currentUserQueryOptions(), enabled: signedIn });
}
