import type { ReactNode } from 'react';
import { NotFoundPage } from '@/components/NotFoundPage';
import { useCurrentUser } from '@/lib/session/currentUser';
import { isOspAdmin } from './rules';

/**
 * mspOnly guard: MSP users (partner admins and platform staff) only; for
 * anyone else the page does not exist (404). Put it inside RequireAuth, which
 * waits for the session user.
 * (Stand-in until helper W4's RequireMsp is merged; take W4's at merge.)
 */
export function RequireMsp({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  if (!user || !(user.isMsp || isOspAdmin(user))) return <NotFoundPage />;
  return <>{children}</>;
}
