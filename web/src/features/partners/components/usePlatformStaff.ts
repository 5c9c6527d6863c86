import { useCurrentUser } from '@/lib/session/currentUser';

/** Platform staff change partners; a partner's own (MSP) admin only reads its products and resources. */
export function usePlatformStaff(): boolean {
  const { data: user } = useCurrentUser();
  return Boolean(user && (user.isOspAdmin || user.roles.includes('ospadmin')));
}
