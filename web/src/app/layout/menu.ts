import type { SessionUser } from '@/lib/api/types';
import { paths } from '@/lib/routes';
import { canViewCompanyBudget, hasRole, type GuardCompany } from '../guards/rules';

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
  /** A further condition (canViewCompanyBudget needs the company's payment type). */
  when?: 'canViewCompanyBudget';
  /** Section heading key (layout namespace) the entry is grouped under. */
  section?: 'finance' | 'settings';
}

export const MENU: readonly MenuEntry[] = [
  { key: 'dashboard', label: 'menu.dashboard', to: paths.dashboard, audience: 'all' },
  {
    key: 'corporateAccountSelection',
    label: 'menu.corporateAccountSelection',
    to: `${paths.dashboard}#corporate-account`,
    audience: 'msp',
  },
  { key: 'partners', label: 'partners:menu', to: paths.partners, audience: 'msp', roles: ['ospadmin'] },
  // People of the selected company (SPEC §2); MSP users see them once a company is chosen.
  { key: 'appUsers', label: 'menu.appUsers', to: paths.appUsers, audience: 'all', roles: ['user_manager'] },
  { key: 'userGroups', label: 'menu.userGroups', to: paths.userGroups, audience: 'all', roles: ['user_manager'] },
  { key: 'admins', label: 'menu.admins', to: paths.admins, audience: 'all', roles: ['user_manager'] },
  // Finance (SPEC §2).
  { key: 'allTransactions', label: 'menu.allTransactions', to: paths.allTransactions, audience: 'all', roles: ['user_manager'], section: 'finance' },
  { key: 'companyBudget', label: 'menu.companyBudget', to: paths.companyBudget, audience: 'all', when: 'canViewCompanyBudget', section: 'finance' },
  { key: 'companyPrivateBudget', label: 'menu.companyPrivateBudget', to: paths.companyPrivateBudget, audience: 'all', roles: ['ospadmin'], section: 'finance' },
  { key: 'companySettings', label: 'menu.companySettings', to: paths.companySettings, audience: 'all', roles: ['user_manager'], section: 'settings' },
  { key: 'help', label: 'menu.help', to: paths.help, audience: 'all' },
];

export function visibleMenu(
  user: Pick<SessionUser, 'roles' | 'isMsp' | 'isOspAdmin' | 'partner'>,
  menu: readonly MenuEntry[] = MENU,
  company: GuardCompany | null = null,
): MenuEntry[] {
  return menu.filter((entry) => {
    if (entry.audience === 'msp' && !user.isMsp) return false;
    if (entry.audience === 'company' && user.isMsp) return false;
    if (entry.when === 'canViewCompanyBudget' && !canViewCompanyBudget(user, company)) return false;
    return !entry.roles || hasRole(user, entry.roles);
  });
}
