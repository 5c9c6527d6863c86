import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/render';
import en from '@/locales/en/layout.json';
import fr from '@/locales/fr/layout.json';
import nl from '@/locales/nl/layout.json';
import { MENU, visibleMenu, type MenuEntry } from './menu';

const keys = (entries: MenuEntry[]) => entries.map((e) => e.key);

describe('sidebar menu', () => {
  it('shows MSP users the company selection and company users not', () => {
    const people = ['appUsers', 'userGroups', 'admins', 'allTransactions', 'companySettings'];
    expect(keys(visibleMenu(makeUser({ isMsp: true })))).toEqual(['dashboard', 'corporateAccountSelection', ...people, 'help']);
    expect(keys(visibleMenu(makeUser({ isMsp: false })))).toEqual(['dashboard', ...people, 'help']);
  });

  it('shows the people screens to user managers only', () => {
    expect(keys(visibleMenu(makeUser({ roles: ['invoice_manager'] })))).toEqual(['dashboard', 'help']);
  });

  it('shows the company budget only where canViewCompanyBudget allows it', () => {
    const user = makeUser({ roles: ['user_manager'] });
    expect(keys(visibleMenu(user, undefined, { paymentType: 'PREPAID' }))).toContain('companyBudget');
    expect(keys(visibleMenu(user, undefined, { paymentType: 'POSTPAID_WITH_SECURITY_DEPOSIT' }))).not.toContain('companyBudget');
    const admin = makeUser({ roles: ['ospadmin'], isOspAdmin: true });
    expect(keys(visibleMenu(admin))).toEqual(expect.arrayContaining(['companyBudget', 'companyPrivateBudget']));
    expect(keys(visibleMenu(user))).not.toContain('companyPrivateBudget');
  });

  it('filters entries by role, ospadmin seeing all', () => {
    const menu: MenuEntry[] = [
      { key: 'reports', label: 'x', to: '/reporting', audience: 'all', roles: ['reporting_manager'] },
      { key: 'users', label: 'x', to: '/manage/app-users', audience: 'company', roles: ['user_manager'] },
    ];
    expect(keys(visibleMenu(makeUser({ roles: ['user_manager'] }), menu))).toEqual(['users']);
    expect(keys(visibleMenu(makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: false }), menu))).toEqual([
      'reports',
      'users',
    ]);
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
