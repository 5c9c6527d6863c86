import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import CompanyProductsPage from './CompanyProductsPage';
import ProductsListTab, { PAGE_SIZE } from './ProductsListTab';

const group = (ospId: string, name: string, active = true) => ({ ospId, name, active });
const product = (ospId: string, label: string, extId: string, userGroups: unknown[] = [], defaultUserCount = 0) => ({
  ospId, label, extId, active: true, userGroups, defaultUserCount,
});

function setup(products: unknown[], status = 200) {
  const { calls } = mockFetch(({ url }) => {
    if (url.endsWith('/product/permission/view/findByCorporateAccount')) {
      return status === 200
        ? jsonResponse(200, { corporateAccount: { ospId: 'ca-1' }, products })
        : jsonResponse(status, { errorLabel: 'INTERNAL_ERROR', message: 'boom' });
    }
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  const result = renderRoutes(
    [{ path: '/company/products', element: <CompanyProductsPage />, children: [{ index: true, element: null }, { path: 'list', element: <ProductsListTab /> }] }],
    '/company/products',
    newQueryClient(makeUser()),
  );
  return { ...result, calls, user: userEvent.setup() };
}

describe('company/products list tab', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens the list tab and shows each product with the groups that use it', async () => {
    const { router, calls } = setup([
      product('pr-1', 'NMBS train', 'NMBS', [group('g-1', 'Sales'), group('g-2', 'Old team', false)], 2),
      product('pr-2', 'Blue-bike', 'BLUEBIKE'),
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/products/list'));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['List', 'Home work', 'Trips', 'NMBS subscription']);
    const table = await screen.findByTestId('company-products-table');
    const rows = await within(table).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('NMBS train');
    expect(rows[1]).toHaveTextContent('NMBS');
    expect(within(rows[1]!).getByRole('link', { name: 'Sales' })).toHaveAttribute('href', '/manage/user-groups/g-1/products');
    expect(within(rows[1]!).getByRole('link', { name: 'Old team (inactive)' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('2');
    expect(rows[2]).toHaveTextContent('No group yet');
    expect(calls.find((c) => c.url.endsWith('/findByCorporateAccount'))!.body).toEqual({ corporateAccountOspId: 'ca-1' });
  });

  it('filters by product, external id or group name', async () => {
    const { user } = setup([
      product('pr-1', 'NMBS train', 'NMBS', [group('g-1', 'Sales')]),
      product('pr-2', 'Blue-bike', 'BLUEBIKE', [group('g-2', 'Engineers')]),
    ]);
    await screen.findByText('NMBS train');
    await user.type(screen.getByTestId('company-products-search'), 'engin');
    expect(screen.queryByText('NMBS train')).toBeNull();
    expect(screen.getByText('Blue-bike')).toBeInTheDocument();
    await user.type(screen.getByTestId('company-products-search'), 'xyz');
    expect(screen.getByText('No product matches this search.')).toBeInTheDocument();
  });

  it('pages a long list', async () => {
    const many = Array.from({ length: PAGE_SIZE + 3 }, (_, i) => product(`pr-${i}`, `Product ${String(i).padStart(2, '0')}`, `P${i}`));
    const { user } = setup(many);
    await screen.findByText('Product 00');
    expect(screen.queryByText(`Product ${PAGE_SIZE}`)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText(`Product ${PAGE_SIZE}`)).toBeInTheDocument();
    expect(screen.queryByText('Product 00')).toBeNull();
  });

  it('says when the company offers nothing', async () => {
    setup([]);
    expect(await screen.findByText(/This company offers no products yet/)).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    setup([], 500);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
