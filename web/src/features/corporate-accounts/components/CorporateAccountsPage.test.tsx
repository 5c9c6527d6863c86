import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { selectionStore } from '@/lib/session/selection';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import CorporateAccountsPage from './CorporateAccountsPage';

const company = (n: number, partner = 'p1') => ({
  ospId: `ca-${n}`,
  name: `Company ${n}`,
  companyType: 'COMPANY',
  data: { extId: `EXT${n}`, name: `Company ${n}`, paymentType: 'PREPAID', partner: { ospId: partner } },
  extId: `EXT${n}`,
  partner: { ospId: partner },
  street: 'Main street',
  streetNumber: '1',
  zipCode: '1000',
  city: 'Brussels',
  vatNumber: '',
  twoFactorForAdmins: false,
  active: n !== 2,
  partnerType: 'MSP',
});

const mspAdmin = makeUser({ isMsp: true, roles: ['user_manager'], corporateAccount: null });
const platformStaff = makeUser({ isMsp: true, isOspAdmin: true, roles: ['ospadmin'], corporateAccount: null });

function setup(user = mspAdmin, total = 25) {
  const { calls } = mockFetch((call: Call) => {
    if (call.url.endsWith('/partner/getAll')) {
      return jsonResponse(200, [
        { ospId: 'p1', name: 'MobiPartner', partnerType: 'MSP', active: true },
        { ospId: 'p2', name: 'RideOn', partnerType: 'MSP', active: true },
      ]);
    }
    const page = (call.body as { pagination: { page: number } }).pagination.page;
    return jsonResponse(200, {
      content: [1, 2, 3].map((i) => company((page - 1) * 10 + i)),
      totalElements: total,
      totalPages: Math.ceil(total / 10),
      page,
      size: 10,
    });
  });
  const result = renderRoutes(
    [
      { path: '/corporate-accounts', element: <CorporateAccountsPage /> },
      { path: '/company/details', element: <div data-testid="page">details</div> },
    ],
    '/corporate-accounts',
    newQueryClient(user),
  );
  return { ...result, calls, user: userEvent.setup() };
}

const bodies = (calls: Call[]) =>
  calls.filter((c) => c.url.endsWith('/corporateAccount/getByFilter')).map((c) => c.body as Record<string, unknown>);

describe('CorporateAccountsPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
    selectionStore.set(null);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the first page of active companies, sorted by name', async () => {
    const { calls } = setup();
    expect(await screen.findByText('Company 1')).toBeInTheDocument();
    expect(bodies(calls)[0]).toEqual({
      active: true,
      pagination: { page: 1, size: 10, sortOrders: [{ property: 'name', direction: 'ASC' }] },
    });
    expect(screen.getByText('EXT1')).toBeInTheDocument();
    expect(screen.getAllByText('Company')).not.toHaveLength(0);
  });

  it('does not search below 3 characters, and searches from the third on', async () => {
    const { calls, user } = setup();
    await screen.findByText('Company 1');
    await user.type(screen.getByTestId('corporate-accounts-search'), 'ac');
    // The debounce has passed: still no call with the short term.
    expect(await screen.findByText('Type at least 3 characters to search', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(bodies(calls).some((b) => 'nameOrExtIdLike' in b)).toBe(false);

    await user.type(screen.getByTestId('corporate-accounts-search'), 'm');
    await waitFor(() => expect(bodies(calls).at(-1)).toMatchObject({ nameOrExtIdLike: 'acm', pagination: { page: 1 } }), {
      timeout: 2000,
    });
    expect(screen.queryByText('Type at least 3 characters to search')).toBeNull();
    expect(bodies(calls).filter((b) => 'nameOrExtIdLike' in b)).toHaveLength(1);
  });

  it('pages, sorts and filters by status on the server', async () => {
    const { calls, user } = setup();
    await screen.findByText('Company 1');
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Company 11')).toBeInTheDocument();
    expect(bodies(calls).at(-1)).toMatchObject({ pagination: { page: 2 } });

    await user.click(screen.getByRole('button', { name: 'Sort by External id' }));
    await waitFor(() =>
      expect(bodies(calls).at(-1)).toMatchObject({ pagination: { page: 1, sortOrders: [{ property: 'extId', direction: 'ASC' }] } }),
    );

    await user.click(screen.getByRole('radio', { name: 'Inactive' }));
    await waitFor(() => expect(bodies(calls).at(-1)).toMatchObject({ active: false, pagination: { page: 1 } }));
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(bodies(calls).at(-1)).not.toHaveProperty('active'));
  });

  it('gives platform staff a partner filter; MSP admins get none and no partner call', async () => {
    const msp = setup();
    await screen.findByText('Company 1');
    expect(screen.queryByTestId('companies-partner-filter')).toBeNull();
    expect(msp.calls.some((c) => c.url.endsWith('/partner/getAll'))).toBe(false);
    msp.unmount();

    const { calls, user } = setup(platformStaff);
    await screen.findByText('Company 1');
    await user.click(screen.getByTestId('companies-partner-filter'));
    await user.click(await screen.findByRole('option', { name: 'RideOn', hidden: true }));
    await waitFor(() => expect(bodies(calls).at(-1)).toMatchObject({ partnerOspId: 'p2', pagination: { page: 1 } }));
    // The partner column names the partner.
    expect(screen.getAllByText('MobiPartner').length).toBeGreaterThan(0);
  });

  it('opens a company: selects it and goes to its details', async () => {
    const { user, router } = setup();
    await user.click(await screen.findByText('Company 3'));
    expect(router.state.location.pathname).toBe('/company/details');
    expect(router.state.location.search).toBe('?corporateAccountOspId=ca-3');
    expect(selectionStore.get()).toBe('ca-3');
  });
});
