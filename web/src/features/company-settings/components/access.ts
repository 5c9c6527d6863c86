import type { SessionUser } from '@/lib/api/types';

type Who = Pick<SessionUser, 'roles' | 'isMsp' | 'isOspAdmin'>;

/** Platform staff (ospadmin). */
export function isPlatformAdmin(user: Who): boolean {
  return user.isOspAdmin || user.roles.includes('ospadmin');
}

/** MSP users: partner admins and platform staff (SPEC §6). They edit every field of a company. */
export function canManageCompanySettings(user: Who): boolean {
  return user.isMsp || isPlatformAdmin(user);
}

/** The company/settings tabs this user sees (SPEC §2): mobile-app and available-products for MSP users, branding and provider payments for platform admins. */
export function settingsTabsFor(user: Who | undefined): string[] {
  const tabs = ['details', 'budgets'];
  if (user && canManageCompanySettings(user)) tabs.push('mobile-app', 'available-products');
  if (user && isPlatformAdmin(user)) tabs.push('branding', 'provider-payments');
  return tabs;
}
