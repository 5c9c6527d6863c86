import type { ReactNode } from 'react';
import { NotFoundPage } from '@/components/NotFoundPage';
import { useCurrentUser } from '@/lib/session/currentUser';
import { isMspUser } from './rules';

/**
 * mspOnly guard: MSP users (partner admins and platform staff) only; for
 * anyone else the page does not exist (404). Put it inside RequireAuth, which
 * waits for the session user.
 */
export function RequireMsp({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  if (!user || !isMspUser(user)) return <NotFoundPage />;
  return <>{children}</>;
}
