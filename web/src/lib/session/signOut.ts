import { api } from '../api/typed';
import { clearTokens, getAccessToken } from '../auth/tokens';
import { markDeliberateSignOut, rememberIntendedRoute } from '../auth/intendedRoute';
import { currentRoute, navigateTo } from '../navigation';
import { queryClient } from '../queryClient';
import { paths } from '../routes';
import { clearSelectedCorporateAccount } from './selection';

export function logout(): Promise<void> {
  // A failed logout (token already dead) must not keep the user signed in,
  // and renewing a token only to throw it away makes no sense.
  return api.post('/user-service/v1/auth/logout', {
    refreshOnUnauthorized: false,
    ignoreErrors: 'all',
  });
}

/** Forget everything about the session locally. */
export function clearSession(): void {
  clearTokens();
  clearSelectedCorporateAccount();
  queryClient.clear();
}

/** The user signs out: tell the server, forget the session, go to sign-in. */
export async function signOut(): Promise<void> {
  if (getAccessToken()) {
    await logout().catch(() => undefined);
  }
  markDeliberateSignOut();
  clearSession();
  navigateTo(paths.login, { replace: true });
}

/** The session could not be renewed: sign out locally and come back here after sign-in. */
export function expireSession(): void {
  rememberIntendedRoute(currentRoute());
  clearSession();
  navigateTo(paths.login, { replace: true });
}
