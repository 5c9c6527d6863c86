import type { SessionUser } from '@/lib/api/types';
import { paths } from '@/lib/routes';
import { canViewCompanyBudget, hasRole, isArtemisPartner, isMspUser, isOspAdmin, type GuardCompany } from '../guards/rules';

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
  /**
   * A further condition: canViewCompanyBudget needs the company's payment
   * type; ownPartner is a partner's own admin (not platform staff), and
   * `:partnerOspId` in `to` becomes their partner.
   */
  when?: 'canViewCompanyBudget' | 'ownPartner';
  /** Section heading key (layout namespace) the entry is grouped under. */
  section?: 'finance' | 'settings' | 'backoffice';
  /**
   * The screen works on the selected company. MSP users see such entries
   * under that company's name, and only once one is selected ('selected'),
   * or also without one when the route lets platform admins and ARTEMIS
   * partner users in without a selection ('selectedOrAdmin'), and on
   * Invoices invoice managers too ('selectedOrInvoiceManager', SPEC §6).
   */
  company?: 'selected' | 'selectedOrAdmin' | 'selectedOrInvoiceManager';
}

export const MENU: readonly MenuEntry[] = [
  { key: 'dashboard', label: 'menu.dashboard', to: paths.dashboard, audience: 'all' },
  // The MSP user's own part: their companies (and, for platform staff, the partners).
  { key: 'corporateAccounts', label: 'menu.corporateAccounts', to: paths.corporateAccounts, audience: 'msp' },
  { key: 'partners', label: 'menu.partners', to: paths.partners, audience: 'msp', roles: ['ospadmin'] },
  // A partner's own admin reads what the partner lets its companies offer.
  { key: 'ownPartner', label: 'menu.ownPartner', to: `${paths.partner}/products`, audience: 'msp', when: 'ownPartner' },
  {
    key: 'corporateAccountSelection',
    label: 'menu.corporateAccountSelection',
    to: `${paths.dashboard}#corporate-account`,
    audience: 'msp',
  },
  // People of the selected company (SPEC §2).
  { key: 'appUsers', label: 'menu.appUsers', to: paths.appUsers, audience: 'all', roles: ['user_manager'], company: 'selected' },
  { key: 'userGroups', label: 'menu.userGroups', to: paths.userGroups, audience: 'all', roles: ['user_manager'], company: 'selected' },
  { key: 'admins', label: 'menu.admins', to: paths.admins, audience: 'all', roles: ['user_manager'], company: 'selected' },
  { key: 'companyProducts', label: 'menu.companyProducts', to: paths.companyProducts, audience: 'all', roles: ['user_manager'], company: 'selected' },
  // Season-card orders of the selected company (SPEC §2 order handling).
  { key: 'orderHandling', label: 'menu.orderHandling', to: paths.orderHandling, audience: 'all', roles: ['user_manager'], company: 'selected' },
  // Finance (SPEC §2): platform admins may open these without a selection.
  { key: 'invoices', label: 'menu.invoices', to: paths.invoices, audience: 'all', roles: ['invoice_manager', 'user_manager'], section: 'finance', company: 'selectedOrInvoiceManager' },
  // The self-billing invoices of an MRP partner (SPEC §2): the partner's invoice managers and platform staff.
  // NMBS and B-Parking invoices of the selected company (SPEC §2 company/products upload-nmbs-invoice): invoice managers.
  { key: 'nmbsInvoices', label: 'menu.nmbsInvoices', to: paths.nmbsInvoices, audience: 'all', roles: ['invoice_manager'], section: 'finance', company: 'selected' },
  { key: 'selfBillingInvoices', label: 'menu.selfBillingInvoices', to: paths.selfBillingInvoices, audience: 'msp', roles: ['invoice_manager'], section: 'finance' },
  { key: 'allTransactions', label: 'menu.allTransactions', to: paths.allTransactions, audience: 'all', roles: ['user_manager'], section: 'finance', company: 'selectedOrAdmin' },
  { key: 'companyBudget', label: 'menu.companyBudget', to: paths.companyBudget, audience: 'all', when: 'canViewCompanyBudget', section: 'finance', company: 'selectedOrAdmin' },
  { key: 'companyPrivateBudget', label: 'menu.companyPrivateBudget', to: paths.companyPrivateBudget, audience: 'all', roles: ['ospadmin'], section: 'finance', company: 'selectedOrAdmin' },
  { key: 'companyDetails', label: 'menu.companyDetails', to: paths.companyDetails, audience: 'all', section: 'settings', company: 'selected' },
  { key: 'companySettings', label: 'menu.companySettings', to: paths.companySettings, audience: 'all', roles: ['user_manager'], section: 'settings', company: 'selected' },
  { key: 'reporting', label: 'menu.reporting', to: paths.reporting, audience: 'all', roles: ['reporting_manager'] },
  // Communication (SPEC §2): the selected company's channels; platform staff also without one (the platform's).
  { key: 'communication', label: 'menu.communication', to: paths.messageChannels, audience: 'all', roles: ['communication_manager'], company: 'selectedOrAdmin' },
  { key: 'help', label: 'menu.help', to: paths.help, audience: 'all' },
  // The backoffice (SPEC §2 "Admin backoffice"): platform staff, last in their own part.
  { key: 'products', label: 'menu.products', to: paths.products, audience: 'msp', roles: ['ospadmin'], section: 'backoffice' },
  { key: 'resources', label: 'menu.resources', to: paths.resources, audience: 'msp', roles: ['ospadmin'], section: 'backoffice' },
  { key: 'userFees', label: 'menu.userFees', to: paths.userFees, audience: 'msp', roles: ['ospadmin'], section: 'backoffice' },
  // Templates: platform staff, and an MSP's user or communication managers for their partner's and companies' overrides.
  { key: 'templates', label: 'menu.templates', to: paths.templates, audience: 'msp', roles: ['user_manager', 'communication_manager'], section: 'backoffice' },
  { key: 'translations', label: 'menu.translations', to: paths.translations, audience: 'msp', roles: ['ospadmin'], section: 'backoffice' },
  { key: 'providerUploads', label: 'menu.providerUploads', to: paths.providerUploads, audience: 'msp', roles: ['ospadmin'], section: 'backoffice' },
  { key: 'reconciliation', label: 'menu.reconciliation', to: paths.reconciliation, audience: 'msp', roles: ['ospadmin'], section: 'backoffice' },
  { key: 'orders', label: 'menu.orders', to: paths.orders, audience: 'msp', roles: ['ospadmin'], section: 'backoffice' },
];

type MenuUser = Pick<SessionUser, 'roles' | 'isMsp' | 'isOspAdmin' | 'partner'>;

/**
 * The entries this user sees. `company` is the company being worked on: a
 * company user's own, the MSP user's selection (null: none selected yet).
 */
export function visibleMenu(
  user: MenuUser,
  menu: readonly MenuEntry[] = MENU,
  company: GuardCompany | null = null,
): MenuEntry[] {
  const msp = isMspUser(user);
  return menu.filter((entry) => {
    if (entry.audience === 'msp' && !msp) return false;
    if (entry.audience === 'company' && msp) return false;
    if (msp && !company && entry.company) {
      if (entry.company === 'selected') return false;
      const invoiceManager = entry.company === 'selectedOrInvoiceManager' && user.roles.includes('invoice_manager');
      if (!isOspAdmin(user) && !isArtemisPartner(user) && !invoiceManager) return false;
    }
    if (entry.when === 'canViewCompanyBudget' && !canViewCompanyBudget(user, company)) return false;
    if (entry.when === 'ownPartner' && (isOspAdmin(user) || !user.partner?.ospId)) return false;
    return !entry.roles || hasRole(user, entry.roles);
  }).map((entry) =>
    entry.when === 'ownPartner' ? { ...entry, to: entry.to.replace(':partnerOspId', encodeURIComponent(user.partner?.ospId ?? '')) } : entry,
  );
}

/**
 * The sidebar's groups (SPEC §1): a company user gets one list about their
 * company; an MSP user gets their own entries first, then the entries of
 * the selected company, headed by its name.
 */
export interface MenuGroup {
  kind: 'msp' | 'company';
  entries: MenuEntry[];
}

export function sidebarGroups(
  user: MenuUser,
  company: GuardCompany | null,
  menu: readonly MenuEntry[] = MENU,
): MenuGroup[] {
  const entries = visibleMenu(user, menu, company);
  if (!isMspUser(user)) return [{ kind: 'company', entries }];
  const groups: MenuGroup[] = [
    { kind: 'msp', entries: entries.filter((e) => !e.company) },
    { kind: 'company', entries: entries.filter((e) => e.company) },
  ];
  return groups.filter((g) => g.entries.length > 0);
}
