import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/render';
import { visibleMenu, type MenuEntry } from './menu';

const keys = (entries: MenuEntry[]) => entries.map((e) => e.key);

describe('sidebar menu', () => {
  it('shows MSP users the company selection and company users not', () => {
    const people = ['appUsers', 'userGroups', 'admins'];
    expect(keys(visibleMenu(makeUser({ isMsp: true })))).toEqual(['dashboard', 'corporateAccountSelection', ...people, 'help']);
    expect(keys(visibleMenu(makeUser({ isMsp: false })))).toEqual(['dashboard', ...people, 'help']);
  });

  it('shows the people screens to user managers only', () => {
    expect(keys(visibleMenu(makeUser({ roles: ['invoice_manager'] })))).toEqual(['dashboard', 'help']);
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
