import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import type { SessionUser } from '@/lib/api/types';
import { setTokens } from '@/lib/auth/tokens';
import { selectCorporateAccount } from '@/lib/session/selection';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import AvailableProductsTab from './AvailableProductsTab';

const availability = {
  corporateAccount: { ospId: 'ca-1' },
  products: [
    { ospId: 'pr-1', label: 'NMBS train', extId: 'NMBS', active: true, selected: true },
    { ospId: 'pr-2', label: 'Blue-bike', extId: 'BLUEBIKE', active: true, selected: false },
  ],
  serviceResources: [
    { ospId: 'sr-1', name: 'Blue-bike Gent', mobilityMode: 'BIKE', mrpPartnerOspId: 'p-mrp', active: true, selected: false },
    { ospId: 'sr-2', name: 'Interparking', mobilityMode: 'PARKING', mrpPartnerOspId: 'p-mrp', active: true, selected: true },
  ],
};
const account = { ospId: 'ca-1', name: 'Acme NV', data: { extId: 'ACME', name: 'Acme NV', paymentType: 'PREPAID', partner: { ospId: 'p1' } } };
const mspAdmin = makeUser({ isMsp: true, id: 'p1/u-2/p1', corporateAccount: null });

function setup(user: SessionUser, onUpdate?: (call: Call) => Response) {
  const { calls } = mockFetch((call) => {
    if (call.url.endsWith('/corporateAccount/get')) return jsonResponse(200, account);
    if (call.url.endsWith('/availability/findByCorporateAccount')) return jsonResponse(200, availability);
    if (call.url.endsWith('/corporateAccount/update')) return onUpdate ? onUpdate(call) : jsonResponse(200, account);
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  selectCorporateAccount(user.isMsp ? 'ca-1' : null);
  const result = renderRoutes([{ path: '/', element: <AvailableProductsTab /> }], '/', newQueryClient(user));
  return { ...result, calls, user: userEvent.setup() };
}

describe('company settings available-products', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows what the partner allows with what the company offers ticked, and saves both selections', async () => {
    const { user, calls } = setup(mspAdmin);
    const products = await screen.findByTestId('available-products');
    expect(within(products).getByRole('checkbox', { name: /NMBS train/ })).toBeChecked();
    expect(within(products).getByRole('checkbox', { name: /Blue-bike/ })).not.toBeChecked();
    const resources = screen.getByTestId('available-service-resources');
    expect(within(resources).getByRole('checkbox', { name: /Interparking/ })).toBeChecked();
    expect(within(resources).getByText('Parking')).toBeInTheDocument();
    expect(screen.getByTestId('available-products-save')).toBeDisabled();
    expect(calls.find((c) => c.url.endsWith('/availability/findByCorporateAccount'))!.body).toEqual({ corporateAccountOspId: 'ca-1' });

    await user.click(within(products).getByRole('checkbox', { name: /Blue-bike/ }));
    await user.click(within(resources).getByRole('checkbox', { name: /Interparking/ }));
    await user.click(screen.getByTestId('available-products-save'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/corporateAccount/update'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/corporateAccount/update'))!.body).toEqual({
      ospId: 'ca-1',
      selectedProducts: ['pr-1', 'pr-2'],
      selectedServiceResources: [],
    });
  });

  it("puts SPEC §8's refusal, translated, on the products", async () => {
    const { user } = setup(mspAdmin, () =>
      jsonResponse(409, {
        errorLabel: 'PRODUCT_DEFAULT_IN_USE',
        message: 'server text',
        errors: [{ field: 'selectedProducts', messages: ['server text'] }],
      }),
    );
    const products = await screen.findByTestId('available-products');
    await user.click(within(products).getByRole('checkbox', { name: /NMBS train/ }));
    await user.click(screen.getByTestId('available-products-save'));
    expect(await within(products).findByText('Product default must be removed for all employees first')).toBeInTheDocument();
    // The choice stays as the user left it.
    expect(within(products).getByRole('checkbox', { name: /NMBS train/ })).not.toBeChecked();
  });

  it('does not exist for a company admin', async () => {
    const { calls } = setup(makeUser());
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/availability/findByCorporateAccount'))).toBe(false);
  });
});
