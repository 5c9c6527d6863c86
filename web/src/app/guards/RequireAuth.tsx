import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { ErrorState } from '@/components/ErrorState';
import { PageLoader } from '@/components/PageLoader';
import { forgetIntendedRoute, rememberIntendedRoute } from '@/lib/auth/intendedRoute';
import { useIsSignedIn } from '@/lib/auth/tokens';
import { paths } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session/currentUser';
import { authDecision } from './rules';

/** auth guard: signed-in routes render only with a token and a loaded user. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  const user = useCurrentUser();

  useEffect(() => {
    if (signedIn) forgetIntendedRoute();
  }, [signedIn]);

  if (authDecision(signedIn) === 'login') {
    // Idempotent write, so doing it while rendering is safe.
    rememberIntendedRoute(`${location.pathname}${location.search}`);
    return <Navigate to={paths.login} replace />;
  }
  if (user.isPending) return <PageLoader />;
  if (user.isError) return <ErrorState error={user.error} onRetry={() => void user.refetch()} />;
  return <>{children}</>;
}
