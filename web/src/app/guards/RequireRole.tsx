import type { ReactNode } from 'react';
import { NotFoundPage } from '@/components/NotFoundPage';
import { useCurrentUser } from '@/lib/session/currentUser';
import { hasRole } from './rules';

/** hasRole guard: without one of the roles the page does not exist for this user. */
export function RequireRole({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  const { data: user } = useCurrentUser();
  if (!user || !hasRole(user, roles)) return <NotFoundPage />;
  return <>{children}</>;
}
