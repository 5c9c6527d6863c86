import type { SessionUser } from '@/lib/api/types';
import { paths } from '@/lib/routes';
import { hasRole } from '../guards/rules';

/**
 * The sidebar, declared once. Later screens add an entry with the roles that
 * may see it and the audience: MSP users (partner staff and platform admins)
 * and company users get different sidebars (SPEC §1).
 */
export interface MenuEntry {
  key: string;
  /** i18n key in the layout namespace */
  label: string;
  to: string;
  audience: 'all' | 'msp' | 'company';
  /** Needs one of these roles (ospadmin always passes); none means everyone. */
  roles?: readonly string[];
}

export const MENU: readonly MenuEntry[] = [
  { key: 'dashboard', label: 'menu.dashboard', to: paths.dashboard, audience: 'all' },
  {
    key: 'corporateAccountSelection',
    label: 'menu.corporateAccountSelection',
    to: `${paths.dashboard}#corporate-account`,
    audience: 'msp',
  },
  // People of the selected company (SPEC §2); MSP users see them once a company is chosen.
  { key: 'appUsers', label: 'menu.appUsers', to: paths.appUsers, audience: 'all', roles: ['user_manager'] },
  { key: 'userGroups', label: 'menu.userGroups', to: paths.userGroups, audience: 'all', roles: ['user_manager'] },
  { key: 'admins', label: 'menu.admins', to: paths.admins, audience: 'all', roles: ['user_manager'] },
  { key: 'help', label: 'menu.help', to: paths.help, audience: 'all' },
];

export function visibleMenu(
  user: Pick<SessionUser, 'roles' | 'isMsp' | 'isOspAdmin' | 'partner'>,
  menu: readonly MenuEntry[] = MENU,
): MenuEntry[] {
  return menu.filter((entry) => {
    if (entry.audience === 'msp' && !user.isMsp) return false;
    if (entry.audience === 'company' && user.isMsp) return false;
    return !entry.roles || hasRole(user, entry.roles);
  });
}
