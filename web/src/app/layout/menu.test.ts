import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/render';
import en from '@/locales/en/layout.json';
import fr from '@/locales/fr/layout.json';
import nl from '@/locales/nl/layout.json';
import { MENU, sidebarGroups, visibleMenu, type MenuEntry, type MenuGroup } from './menu';

const keys = (entries: MenuEntry[]) => entries.map((e) => e.key);
const groups = (list: MenuGroup[]) => list.map((g) => ({ kind: g.kind, keys: keys(g.entries) }));

const prepaid = { paymentType: 'PREPAID' };
const postpaid = { paymentType: 'POSTPAID_WITH_SECURITY_DEPOSIT' };
const people = ['appUsers', 'userGroups', 'admins', 'companyProducts'];
// the people screens and the season-card orders of the selected company (issue 16)
const companyWork = [...people, 'orderHandling'];

const companyAdmin = makeUser({ roles: ['user_manager'] });
const mspAdmin = makeUser({ isMsp: true, roles: ['user_manager'], corporateAccount: null });
const staff = makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true, corporateAccount: null, partner: null });

describe('sidebar per audience', () => {
  it('gives a company user one list about their company, without the MSP entries', () => {
    expect(groups(sidebarGroups(companyAdmin, prepaid))).toEqual([
      { kind: 'company', keys: ['dashboard', ...companyWork, 'invoices', 'allTransactions', 'companyBudget', 'companyDetails', 'companySettings', 'help'] },
    ]);
    // Their own company's entries do not wait for a selection.
    expect(keys(visibleMenu(companyAdmin))).toEqual(['dashboard', ...companyWork, 'invoices', 'allTransactions', 'companyDetails', 'companySettings', 'help']);
  });

  it('gives an MSP admin their own entries, then the selected company\'s', () => {
    expect(groups(sidebarGroups(mspAdmin, postpaid))).toEqual([
      { kind: 'msp', keys: ['dashboard', 'corporateAccounts', 'ownPartner', 'corporateAccountSelection', 'help', 'templates'] },
      { kind: 'company', keys: [...companyWork, 'invoices', 'allTransactions', 'companyDetails', 'companySettings'] },
    ]);
  });

  it('shows an MSP admin no company entries before a company is selected', () => {
    expect(groups(sidebarGroups(mspAdmin, null))).toEqual([
      { kind: 'msp', keys: ['dashboard', 'corporateAccounts', 'ownPartner', 'corporateAccountSelection', 'help', 'templates'] },
    ]);
  });

  it('gives platform staff the MSP sidebar with every company entry', () => {
    expect(groups(sidebarGroups(staff, postpaid))).toEqual([
      { kind: 'msp', keys: ['dashboard', 'corporateAccounts', 'partners', 'corporateAccountSelection', 'selfBillingInvoices', 'reporting', 'help', 'products', 'resources', 'userFees', 'templates', 'translations', 'providerUploads', 'reconciliation', 'orders'] },
      { kind: 'company', keys: [...companyWork, 'invoices', 'nmbsInvoices', 'allTransactions', 'companyBudget', 'companyPrivateBudget', 'companyDetails', 'companySettings', 'communication'] },
    ]);
  });

  it('keeps the finance entries that need no selection for platform staff', () => {
    expect(groups(sidebarGroups(staff, null))).toEqual([
      { kind: 'msp', keys: ['dashboard', 'corporateAccounts', 'partners', 'corporateAccountSelection', 'selfBillingInvoices', 'reporting', 'help', 'products', 'resources', 'userFees', 'templates', 'translations', 'providerUploads', 'reconciliation', 'orders'] },
      { kind: 'company', keys: ['invoices', 'allTransactions', 'companyBudget', 'companyPrivateBudget', 'communication'] },
    ]);
  });

  it('shows communication to communication managers of the company (issue 14), MSP ones once a company is selected', () => {
    expect(keys(visibleMenu(makeUser({ roles: ['communication_manager'] })))).toEqual(['dashboard', 'companyDetails', 'communication', 'help']);
    expect(keys(visibleMenu(makeUser({ roles: ['user_manager'] })))).not.toContain('communication');
    const mspComm = makeUser({ isMsp: true, roles: ['communication_manager'], corporateAccount: null });
    expect(keys(visibleMenu(mspComm, MENU, null))).not.toContain('communication');
    expect(keys(visibleMenu(mspComm, MENU, postpaid))).toContain('communication');
  });

  it('shows reporting to the reporting_manager role only (SPEC §2 Reporting)', () => {
    expect(keys(visibleMenu(makeUser({ roles: ['reporting_manager'] })))).toEqual(['dashboard', 'companyDetails', 'reporting', 'help']);
    expect(keys(visibleMenu(companyAdmin))).not.toContain('reporting');
    const mspReporter = makeUser({ isMsp: true, roles: ['reporting_manager'], corporateAccount: null });
    expect(groups(sidebarGroups(mspReporter, null))).toEqual([
      { kind: 'msp', keys: ['dashboard', 'corporateAccounts', 'ownPartner', 'corporateAccountSelection', 'reporting', 'help'] },
    ]);
  });

  it("links a partner's own admin to their partner's products and resources, not platform staff", () => {
    const own = visibleMenu(mspAdmin).find((e) => e.key === 'ownPartner');
    expect(own?.to).toBe('/partners/p1/products');
    expect(keys(visibleMenu(staff))).not.toContain('ownPartner');
    expect(keys(visibleMenu({ ...mspAdmin, partner: null }))).not.toContain('ownPartner');
  });

  it('treats an ospadmin without the isMsp flag as MSP', () => {
    const admin = makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: false });
    expect(keys(visibleMenu(admin))).toContain('corporateAccounts');
  });

  it('never shows the MSP entries to company users, whatever their roles', () => {
    const all = makeUser({ roles: ['user_manager', 'invoice_manager', 'reporting_manager'] });
    expect(keys(visibleMenu(all, undefined, prepaid))).not.toEqual(
      expect.arrayContaining(['corporateAccounts']),
    );
    expect(keys(visibleMenu(all, undefined, prepaid))).not.toContain('corporateAccountSelection');
  });
});

describe('sidebar menu', () => {
  it('shows the people screens to user managers only', () => {
    expect(keys(visibleMenu(makeUser({ roles: ['invoice_manager'] })))).toEqual(['dashboard', 'invoices', 'nmbsInvoices', 'companyDetails', 'help']);
  });

  it('shows the company budget only where canViewCompanyBudget allows it', () => {
    const user = makeUser({ roles: ['user_manager'] });
    expect(keys(visibleMenu(user, undefined, prepaid))).toContain('companyBudget');
    expect(keys(visibleMenu(user, undefined, postpaid))).not.toContain('companyBudget');
    expect(keys(visibleMenu(staff))).toEqual(expect.arrayContaining(['companyBudget', 'companyPrivateBudget']));
    expect(keys(visibleMenu(user))).not.toContain('companyPrivateBudget');
  });

  it('filters entries by role, ospadmin seeing all', () => {
    const menu: MenuEntry[] = [
      { key: 'reports', label: 'x', to: '/reporting', audience: 'all', roles: ['reporting_manager'] },
      { key: 'users', label: 'x', to: '/manage/app-users', audience: 'company', roles: ['user_manager'] },
    ];
    expect(keys(visibleMenu(makeUser({ roles: ['user_manager'] }), menu))).toEqual(['users']);
    expect(keys(visibleMenu(makeUser({ roles: ['reporting_manager'] }), menu))).toEqual(['reports']);
    // Platform staff are MSP users: company-only entries are not theirs.
    expect(keys(visibleMenu(staff, menu))).toEqual(['reports']);
  });

  it('has a text for every entry in every language', () => {
    for (const [lang, layout] of Object.entries({ nl, en, fr })) {
      for (const entry of MENU) {
        const [, key] = entry.label.split('.');
        expect((layout.menu as Record<string, unknown>)[key!], `${lang}: ${entry.label}`).toEqual(expect.any(String));
      }
    }
  });
});

describe('finance: invoices (SPEC §2, §6)', () => {
  const mspInvoices = makeUser({ isMsp: true, roles: ['invoice_manager'], corporateAccount: null });

  it('shows Invoices to invoice and user managers, and to an MSP invoice manager without a selection', () => {
    expect(keys(visibleMenu(makeUser({ roles: ['invoice_manager'] })))).toContain('invoices');
    expect(keys(visibleMenu(makeUser({ roles: ['user_manager'] })))).toContain('invoices');
    expect(keys(visibleMenu(makeUser({ roles: ['reporting_manager'] })))).not.toContain('invoices');
    // The Invoices exception: an invoice manager passes the selection check, a user manager does not.
    expect(groups(sidebarGroups(mspInvoices, null))).toEqual([
      { kind: 'msp', keys: ['dashboard', 'corporateAccounts', 'ownPartner', 'corporateAccountSelection', 'selfBillingInvoices', 'help'] },
      { kind: 'company', keys: ['invoices'] },
    ]);
    expect(keys(visibleMenu(mspAdmin))).not.toContain('invoices');
  });

  it("shows self-billing invoices to an MSP's invoice managers and platform staff, never to a company", () => {
    expect(keys(visibleMenu(mspInvoices))).toContain('selfBillingInvoices');
    expect(keys(visibleMenu(staff))).toContain('selfBillingInvoices');
    expect(keys(visibleMenu(mspAdmin))).not.toContain('selfBillingInvoices');
    expect(keys(visibleMenu(makeUser({ roles: ['invoice_manager'] }), undefined, prepaid))).not.toContain('selfBillingInvoices');
  });
});

describe('sidebar headings', () => {
  // A Dutch company admin once saw two sections both titled "Bedrijf".
  it('are distinct from each other in every language', () => {
    const sections = [...new Set(MENU.flatMap((entry) => (entry.section ? [entry.section] : [])))];
    for (const [lang, layout] of Object.entries({ nl, en, fr })) {
      for (const top of [layout.menu.mspHeading, layout.menu.companyHeading]) {
        const titles = [top, ...sections.map((section) => layout.menu.sections[section])];
        expect(new Set(titles).size, `${lang}: ${titles.join(', ')}`).toBe(titles.length);
      }
    }
  });
});
