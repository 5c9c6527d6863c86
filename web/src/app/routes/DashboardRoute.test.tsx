import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDashboardFilters } from '@/features/dashboard/dashboardFilters';
import type { SessionUser } from '@/lib/api/types';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { selectCorporateAccount, selectionStore } from '@/lib/session/selection';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import DashboardRoute from './DashboardRoute';

const account = (ospId: string, name: string, partner = 'p1') => ({
  ospId,
  name,
  companyType: 'COMPANY',
  data: { extId: ospId.toUpperCase(), name, paymentType: 'PREPAID', partner: { ospId: partner } },
});
const acme = account('ca-1', 'Acme NV');
const globex = account('ca-2', 'Globex BV');
const names: Record<string, string> = { 'ca-1': 'Acme NV', 'ca-2': 'Globex BV' };
const partners = [
  { ospId: 'p2', name: 'RideOn', active: true, partnerType: 'MSP' },
  { ospId: 'p1', name: 'MobiPartner', active: true, partnerType: 'MSP' },
];

const companyAdmin = makeUser();
const mspAdmin = makeUser({ isMsp: true, corporateAccount: null, roles: ['user_manager'] });
// Platform staff with a partner, so the partner selector has a default.
const staff = makeUser({ ospId: 'u-staff', isMsp: true, isOspAdmin: true, roles: ['ospadmin'], corporateAccount: null });

let calls: Call[] = [];

/** Opens a Select by its test id and picks an option from its own list. */
async function choose(user: ReturnType<typeof userEvent.setup>, testId: string, option: string) {
  const input = await screen.findByTestId(testId);
  await user.click(input);
  const list = await waitFor(() => {
    const id = input.getAttribute('aria-controls');
    const found = id && document.getElementById(id);
    if (!found) throw new Error(`${testId} has no open list`);
    return found;
  });
  await user.click(await within(list).findByRole('option', { name: option, hidden: true }));
}
const callsTo = (path: string) => calls.filter((c) => c.url.endsWith(path));
/** The selector's searches (the company listing of the tile also calls getByFilter). */
const searches = () => callsTo('/corporateAccount/getByFilter').filter((c) => (c.body as { nameOrExtIdLike?: string }).nameOrExtIdLike);
const listings = () => callsTo('/corporateAccount/getByFilter').filter((c) => !(c.body as { nameOrExtIdLike?: string }).nameOrExtIdLike);

function setup(user: SessionUser, entry = '/dashboard', listingFails = false) {
  ({ calls } = mockFetch(({ url, body }) => {
    if (listingFails && url.endsWith('/corporateAccount/getByFilter') && !(body as { nameOrExtIdLike?: string }).nameOrExtIdLike) {
      return jsonResponse(500, { errorLabel: 'INTERNAL_ERROR' });
    }
    if (url.endsWith('/corporateAccount/get')) {
      const ospId = (body as { ospId: string }).ospId;
      return jsonResponse(200, account(ospId, names[ospId] ?? ospId));
    }
    if (url.endsWith('/corporateAccount/getByFilter')) {
      return jsonResponse(200, { content: [acme, globex], totalElements: 2, totalPages: 1, page: 1, size: 20 });
    }
    if (url.endsWith('/corporateAccount/companyType/list')) return jsonResponse(200, ['COMPANY', 'PUBLIC_SECTOR']);
    if (url.endsWith('/partner/getAll')) return jsonResponse(200, partners);
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  }));
  const result = renderRoutes([{ path: '/dashboard', element: <DashboardRoute /> }], entry, newQueryClient(user));
  return { ...result, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}

beforeEach(() => {
  resetApiClientForTests();
  resetDashboardFilters();
  setTokens({ token: 't', refreshToken: 'r' });
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  selectionStore.set(null);
});

// Typing into Mantine selects takes seconds on a busy machine.
describe('dashboard filters', { timeout: 20_000 }, () => {
  it('fixes a company user to their own company: no filters, no search', async () => {
    setup(companyAdmin);
    expect(await screen.findByTestId('selected-company-name')).toHaveTextContent('Acme NV');
    expect(screen.queryByTestId('dashboard-filters')).toBeNull();
    expect(screen.queryByTestId('corporate-account-selector')).toBeNull();
    expect(callsTo('/partner/getAll')).toHaveLength(0);
  });

  it('gives an MSP admin the company search without the platform-staff filters', async () => {
    const { user } = setup(mspAdmin);
    expect(await screen.findByTestId('dashboard-filters')).toBeInTheDocument();
    expect(screen.queryByTestId('partner-filter')).toBeNull();
    expect(screen.queryByTestId('company-type-filter')).toBeNull();

    await user.type(screen.getByTestId('corporate-account-selector'), 'acm');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    expect(searches()).toHaveLength(1);
    // The server limits an MSP admin to their partner; the page sends no partner.
    expect(searches()[0]!.body).not.toHaveProperty('partnerOspId');
    expect(callsTo('/partner/getAll')).toHaveLength(0);
    expect(callsTo('/corporateAccount/companyType/list')).toHaveLength(0);
  });

  it('gives platform staff the partner selector, defaulting to their partner, and the type filter', async () => {
    const { user } = setup(staff);
    const partner = await screen.findByTestId('partner-filter');
    await waitFor(() => expect(partner).toHaveValue('MobiPartner'));
    expect(screen.getByTestId('company-type-filter')).toBeInTheDocument();
    expect(callsTo('/partner/getAll')).toHaveLength(1);

    await choose(user, 'company-type-filter', 'Public sector');
    await user.type(screen.getByTestId('corporate-account-selector'), 'acme');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    expect(searches()).toHaveLength(1);
    expect(searches()[0]!.body).toMatchObject({ nameOrExtIdLike: 'acme', partnerOspId: 'p1', companyType: 'PUBLIC_SECTOR' });
  });

  it('clears the selected company when platform staff change the partner', async () => {
    selectCorporateAccount('ca-1');
    const { user, router } = setup(staff, '/dashboard?corporateAccountOspId=ca-1');
    expect(await screen.findByTestId('selected-company-name')).toHaveTextContent('Acme NV');

    await choose(user, 'partner-filter', 'RideOn');

    await waitFor(() => expect(selectionStore.get()).toBeNull());
    expect(router.state.location.search).toBe('');
    expect(screen.queryByTestId('selected-company-name')).toBeNull();
    expect(screen.getByTestId('corporate-account-selector')).toHaveValue('');

    // The next search is within the new partner.
    await user.type(screen.getByTestId('corporate-account-selector'), 'rid');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    expect(searches().at(-1)!.body).toMatchObject({ partnerOspId: 'p2' });
  });

  it('clears the company and searches all partners when the partner filter is cleared', async () => {
    selectCorporateAccount('ca-1');
    const { user } = setup(staff, '/dashboard?corporateAccountOspId=ca-1');
    expect(await screen.findByTestId('selected-company-name')).toHaveTextContent('Acme NV');

    await user.click(await screen.findByRole('button', { name: 'Show all partners' }));
    await waitFor(() => expect(selectionStore.get()).toBeNull());
    await user.type(screen.getByTestId('corporate-account-selector'), 'acme');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    expect(searches().at(-1)!.body).not.toHaveProperty('partnerOspId');
  });

  it('lets an MSP admin switch from one company to another (the URL follows)', async () => {
    selectCorporateAccount('ca-1');
    const { user, router } = setup(mspAdmin, '/dashboard?corporateAccountOspId=ca-1');
    expect(await screen.findByTestId('selected-company-name')).toHaveTextContent('Acme NV');

    const input = screen.getByTestId('corporate-account-selector');
    await user.clear(input);
    await user.type(input, 'glob');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    await user.click(await screen.findByText('Globex BV (CA-2)'));

    await waitFor(() => expect(screen.getByTestId('selected-company-name')).toHaveTextContent('Globex BV'));
    expect(selectionStore.get()).toBe('ca-2');
    expect(router.state.location.search).toBe('?corporateAccountOspId=ca-2');
  });

  it('shows MSP users the active companies of the filters, company users not', async () => {
    setup(staff);
    expect(await screen.findByTestId('active-companies-count')).toHaveTextContent('2');
    expect(listings()[0]!.body).toMatchObject({ active: true, partnerOspId: 'p1', pagination: { page: 1, size: 1000 } });
    expect(screen.getByTestId('active-companies-tile').querySelector('a')).toHaveAttribute('href', '/corporate-accounts');
    expect(screen.queryByTestId('active-companies-partial')).toBeNull();
  });

  it('says so when the company listing fails', async () => {
    setup(mspAdmin, '/dashboard', true);
    expect(await screen.findByTestId('active-companies-partial')).toHaveTextContent('The companies could not be loaded.');
  });

  it('shows a company user no company figures', async () => {
    setup(companyAdmin);
    expect(await screen.findByTestId('selected-company-name')).toBeInTheDocument();
    expect(screen.queryByTestId('active-companies-tile')).toBeNull();
    expect(listings()).toHaveLength(0);
  });
});
