import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import type { SessionUser } from '@/lib/api/types';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import PartnerDetailPage from './PartnerDetailPage';
import ProductsTab from './ProductsTab';
import ResourcesTab from './ResourcesTab';

const mobi = {
  ospId: 'p1',
  name: 'MobiPartner',
  extId: 'MOBI',
  partnerType: 'MSP',
  active: true,
  street: 'Havenlaan',
  streetNumber: '86C',
  zipCode: '1000',
  city: 'Brussel',
  country: 'BE',
  vatNumber: 'BE0403170701',
  email: 'billing@mobipartner.example',
  sendInvoices: true,
  selfBilling: false,
  selectedBudgetTypes: ['MOBILITY_BUDGET'],
  selectedProducts: ['pr-1'],
  selectedServiceResources: ['sr-2'],
};
const label = (text: string) => ({ defaultValue: text, defaultValueHtml: '', labelOspId: 'l', labelTranslations: [] });
const product = (ospId: string, text: string, extId: string) => ({
  ospId, extId, active: true, mobilityMode: 'TRAIN', productLabel: label(text), composition: [],
});
const resource = (ospId: string, name: string, mobilityMode: string) => ({
  ospId, kind: 'service', extId: ospId.toUpperCase(), name, active: true, mrpPartner: { ospId: 'p-mrp', name: 'BikeFleet' },
  mobilityMode, labels: [], city: '', latitude: null, longitude: null, hasIcon: false,
});

const staff = makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true, corporateAccount: null, partner: null });
const ownAdmin = makeUser({ isMsp: true, id: 'p1/u-2/p1', corporateAccount: null });

type Handler = (call: Call) => Response | undefined;

function setup(path: string, user: SessionUser, handler: Handler = () => undefined) {
  const { calls } = mockFetch((call) => {
    const own = handler(call);
    if (own) return own;
    const { url } = call;
    if (url.endsWith('/partner/get')) return jsonResponse(200, mobi);
    if (url.endsWith('/product/find/all')) {
      return jsonResponse(200, [product('pr-1', 'NMBS train', 'NMBS'), product('pr-2', 'Blue-bike', 'BLUEBIKE'), product('pr-3', 'Old parking', 'PARK')]);
    }
    if (url.endsWith('/product/platform/findDisallowed')) {
      return jsonResponse(200, [{ ospId: 'pr-3', label: 'Old parking', extId: 'PARK', active: true, disallowed: true }]);
    }
    if (url.endsWith('/serviceResource/find/all')) {
      return jsonResponse(200, [resource('sr-1', 'Blue-bike Gent', 'BIKE'), resource('sr-2', 'Interparking', 'PARKING')]);
    }
    if (url.endsWith('/partner/update')) return jsonResponse(200, { ...mobi, ...(call.body as object) });
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  const result = renderRoutes(
    [
      {
        path: '/partners/:partnerOspId',
        element: <PartnerDetailPage />,
        children: [
          { index: true, element: null },
          { path: 'details', element: null },
          { path: 'products', element: <ProductsTab /> },
          { path: 'resources', element: <ResourcesTab /> },
        ],
      },
    ],
    path,
    newQueryClient(user),
  );
  return { ...result, calls, user: userEvent.setup() };
}

const SLOW = { timeout: 20_000 };
const update = (calls: Call[]) => calls.find((c) => c.url.endsWith('/partner/update'))?.body;

describe('partner products and resources tabs', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers the active products the platform allows, the selection ticked, and saves only the products', SLOW, async () => {
    const { user, calls } = setup('/partners/p1/products', staff);
    const list = await screen.findByTestId('partner-products');
    expect(within(list).getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual(['pr-1', 'pr-2']);
    expect(within(list).getByRole('checkbox', { name: /NMBS train/ })).toBeChecked();
    expect(calls.find((c) => c.url.endsWith('/product/find/all'))!.body).toEqual({ active: true });

    await user.click(within(list).getByRole('checkbox', { name: /Blue-bike/ }));
    await user.click(screen.getByTestId('save-partner-products'));
    await waitFor(() => expect(update(calls)).toBeDefined());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(update(calls)).toEqual({
      ospId: 'p1',
      partnerData: expect.objectContaining({ name: 'MobiPartner', extId: 'MOBI', partnerType: 'MSP' }),
      selectedProducts: ['pr-1', 'pr-2'],
      applyChangesToCorporateAccounts: false,
    });
  });

  it('applies to all corporate accounts after a confirm that says what it replaces', SLOW, async () => {
    const { user, calls } = setup('/partners/p1/resources', staff);
    const list = await screen.findByTestId('partner-resources');
    expect(within(list).getByRole('checkbox', { name: /Interparking/ })).toBeChecked();
    expect(within(list).getByText('Bike · BikeFleet')).toBeInTheDocument();
    await user.click(within(list).getByRole('checkbox', { name: /Blue-bike Gent/ }));
    await user.click(screen.getByRole('checkbox', { name: /Apply to all corporate accounts/ }));
    await user.click(screen.getByTestId('save-partner-resources'));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Every company of MobiPartner will offer exactly the selected budget types, products and service resources');
    expect(update(calls)).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Save and apply' }));
    await waitFor(() => expect(update(calls)).toBeDefined());
    expect(update(calls)).toMatchObject({ selectedServiceResources: ['sr-2', 'sr-1'], applyChangesToCorporateAccounts: true });
    expect(update(calls)).not.toHaveProperty('selectedProducts');
    expect(update(calls)).not.toHaveProperty('selectedBudgetTypes');
  });

  it("shows SPEC §8's refusal, translated, on the products", SLOW, async () => {
    const { user } = setup('/partners/p1/products', staff, (call) =>
      call.url.endsWith('/partner/update')
        ? jsonResponse(409, {
            errorLabel: 'PRODUCT_DEFAULT_IN_USE',
            message: 'server text',
            errors: [{ field: 'selectedProducts', messages: ['server text'] }],
          })
        : undefined,
    );
    const list = await screen.findByTestId('partner-products');
    await user.click(within(list).getByRole('checkbox', { name: /NMBS train/ }));
    await user.click(screen.getByTestId('save-partner-products'));
    expect(await within(list).findByText('Product default must be removed for all employees first')).toBeInTheDocument();
  });

  it("shows a partner's own admin the two tabs, read-only", SLOW, async () => {
    const { router, calls } = setup('/partners/p1/details', ownAdmin);
    await waitFor(() => expect(router.state.location.pathname).toBe('/partners/p1/products'));
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual(['Products', 'Resources']);
    const list = await screen.findByTestId('partner-products');
    expect(within(list).queryByRole('checkbox')).toBeNull();
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['NMBS train (NMBS)']);
    expect(screen.queryByTestId('save-partner-products')).toBeNull();
    expect(screen.queryByRole('link', { name: /Partners/ })).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/partner/update'))).toBe(false);
  });
});
