import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { peekIntendedRoute } from '@/lib/auth/intendedRoute';
import { useIsSignedIn } from '@/lib/auth/tokens';
import { paths } from '@/lib/routes';
import { guestDecision } from './rules';

/**
 * guest guard: sign-in pages are for signed-out users only. Right after
 * sign-in this is also what sends the user to the route they wanted.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  if (guestDecision(signedIn) === 'dashboard') {
    return <Navigate to={peekIntendedRoute(paths.dashboard)} replace />;
  }
  return <>{children}</>;
}
