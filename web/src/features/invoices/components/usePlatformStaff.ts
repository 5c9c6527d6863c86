import { useCurrentUser } from '@/lib/session/currentUser';

/** Platform staff record payments, issue credit notes and send documents again (SPEC §6). */
export function usePlatformStaff(): boolean {
  const { data: user } = useCurrentUser();
  return Boolean(user && (user.isOspAdmin || user.roles.includes('ospadmin')));
}
