import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import ProductsTab from './ProductsTab';
import UserGroupDetailPage from './UserGroupDetailPage';

const group = (active = true) => ({
  ospId: 'g-1',
  data: { active, description: '', extId: 'Sales', name: 'Sales', corporateAccount: { ospId: 'ca-1' }, userCount: 3, isDefault: false },
});
const groupRef = { ospId: 'g-1', name: 'Sales', active: true };
const train = { ospId: 'pr-1', label: 'NMBS train', extId: 'NMBS', active: true };
const bike = { ospId: 'pr-2', label: 'Blue-bike', extId: 'BLUEBIKE', active: true };
const parking = { ospId: 'pr-3', label: 'Parking Gent', extId: 'PARK-GENT', active: true };

type Handler = (call: Call) => Response | undefined;

function setup(handler: Handler = () => undefined, active = true) {
  let granted = [train];
  const { calls } = mockFetch((call) => {
    const own = handler(call);
    if (own) return own;
    const { url } = call;
    if (url.endsWith('/usergroup/getByOspId')) return jsonResponse(200, group(active));
    if (url.endsWith('/v2/product/permission/usage/findByUserGroup/g-1')) return jsonResponse(200, { userGroup: groupRef, products: granted });
    if (url.endsWith('/usergroup/serviceResources')) {
      return jsonResponse(200, {
        userGroup: groupRef,
        serviceResources: active ? [{ ospId: 'sr-1', name: 'Blue-bike Gent', mobilityMode: 'BIKE', mrpPartnerOspId: 'p-mrp', active: true }] : [],
      });
    }
    if (url.endsWith('/permission/view/findByCorporateAccount')) {
      return jsonResponse(200, {
        corporateAccount: { ospId: 'ca-1' },
        products: [train, bike, parking].map((p) => ({ ...p, userGroups: [], defaultUserCount: 0 })),
      });
    }
    if (url.endsWith('/usage/grant')) {
      const ids = (call.body as { productOspIds: string[] }).productOspIds;
      granted = [...granted, ...[bike, parking].filter((p) => ids.includes(p.ospId))];
      return jsonResponse(200, { userGroup: groupRef, products: granted });
    }
    if (url.endsWith('/usage/revoke')) {
      const ids = (call.body as { productOspIds: string[] }).productOspIds;
      granted = granted.filter((p) => !ids.includes(p.ospId));
      return jsonResponse(200, { userGroup: groupRef, products: granted });
    }
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  const result = renderRoutes(
    [{ path: '/manage/user-groups/:userGroupOspId', element: <UserGroupDetailPage />, children: [{ path: 'products', element: <ProductsTab /> }] }],
    '/manage/user-groups/g-1/products',
    newQueryClient(makeUser()),
  );
  return { ...result, calls, user: userEvent.setup() };
}

const SLOW = { timeout: 20_000 };

describe('user group products tab', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the products the group may use and the service resources', SLOW, async () => {
    const { calls } = setup();
    const products = await screen.findByTestId('group-products');
    expect(await within(products).findByText('NMBS train')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Members', 'Products', 'Details']);
    const resources = screen.getByTestId('group-service-resources');
    expect(await within(resources).findByText('Blue-bike Gent')).toBeInTheDocument();
    expect(within(resources).getByText('Bike')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/usergroup/serviceResources'))!.body).toEqual({ userGroupOspId: 'g-1' });
    expect(calls.find((c) => c.url.includes('/findByUserGroup/'))!.method).toBe('GET');
  });

  it('grants products the company offers that the group does not hold yet', SLOW, async () => {
    const { user, calls } = setup();
    await screen.findByText('NMBS train');
    await user.click(screen.getByTestId('grant-products'));
    const dialog = await screen.findByRole('dialog');
    const candidates = await within(dialog).findAllByRole('checkbox');
    // The train is held already: only the two others are offered.
    expect(candidates.map((c) => c.getAttribute('value'))).toEqual(['pr-2', 'pr-3']);
    expect(calls.find((c) => c.url.endsWith('/findByCorporateAccount'))!.body).toEqual({ corporateAccountOspId: 'ca-1' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Parking Gent/ }));
    await user.click(within(dialog).getByTestId('grant-products-confirm'));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.url.endsWith('/usage/grant'))!.body).toEqual({ userGroupOspId: 'g-1', productOspIds: ['pr-3'] });
    expect(within(screen.getByTestId('group-products')).getByText('Parking Gent')).toBeInTheDocument();
  });

  it('revokes a product after a confirm', SLOW, async () => {
    const { user, calls } = setup();
    await screen.findByText('NMBS train');
    await user.click(screen.getByRole('button', { name: 'Revoke: NMBS train' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Revoke NMBS train from Sales?');
    expect(calls.some((c) => c.url.endsWith('/usage/revoke'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.url.endsWith('/usage/revoke'))!.body).toEqual({ userGroupOspId: 'g-1', productOspIds: ['pr-1'] });
    expect(await screen.findByText('This group may use no products yet.')).toBeInTheDocument();
  });

  it('shows SPEC §8\'s refusal translated in the dialog, with the employees who have it as default', SLOW, async () => {
    const { user, calls } = setup((call) => {
      if (call.url.endsWith('/usage/revoke')) {
        return jsonResponse(409, {
          errorLabel: 'PRODUCT_DEFAULT_IN_USE',
          message: 'server text',
          errors: [{ field: 'productOspIds', messages: ['server text'] }],
        });
      }
      if (call.url.endsWith('/product/default/findUsers')) {
        return jsonResponse(200, [{ ospId: 'u-9', fullName: 'Jan Peeters', email: 'jan.peeters@example.com' }]);
      }
      return undefined;
    });
    await screen.findByText('NMBS train');
    await user.click(screen.getByRole('button', { name: 'Revoke: NMBS train' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    const refused = await within(dialog).findByTestId('revoke-refused');
    expect(refused).toHaveTextContent('Product default must be removed for all employees first');
    expect(await within(refused).findByText('Jan Peeters (jan.peeters@example.com)')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/product/default/findUsers'))!.body).toEqual({ corporateAccountOspId: 'ca-1', productOspId: 'pr-1' });
    // Still granted.
    expect(within(screen.getByTestId('group-products')).getByText('NMBS train')).toBeInTheDocument();
  });

  it('tells that a deactivated group uses nothing through it', SLOW, async () => {
    setup(undefined, false);
    expect(await screen.findByText(/This group is deactivated/)).toBeInTheDocument();
    expect(await screen.findByText('A deactivated group may use no service resources.')).toBeInTheDocument();
  });
});
