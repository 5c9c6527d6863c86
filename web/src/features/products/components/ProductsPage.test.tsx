import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { page, product, productServer, staffClient } from '../test/fixtures';
import ProductsPage, { productFilter } from './ProductsPage';

const train = product('pr-train', 'Train', { productLabel: { defaultValue: 'Train', defaultValueHtml: '', labelOspId: 'l1', labelTranslations: [{ languageCode: 'nl', text: 'Trein', html: '' }] } });
const bike = product('pr-bike', 'Blue-bike', { mobilityMode: 'BIKE', active: false });

const renderList = (entry = '/products') =>
  renderRoutes(
    [
      { path: '/products', element: <ProductsPage /> },
      { path: '/products/:id/*', element: <div data-testid="detail">detail</div> },
    ],
    entry,
    staffClient(),
  );

describe('productFilter', () => {
  it('sends only the filters in use, and no unknown mode', () => {
    expect(productFilter('', 'all', '', 1)).toEqual({ search: undefined, active: undefined, mobilityMode: undefined, pagination: { page: 1, size: 10 } });
    expect(productFilter('bike', 'inactive', 'BIKE', 3)).toEqual({ search: 'bike', active: false, mobilityMode: 'BIKE', pagination: { page: 3, size: 10 } });
    expect(productFilter('x'.repeat(500), 'active', 'SPACESHIP', 1)).toMatchObject({ active: true, mobilityMode: undefined });
    expect(productFilter('x'.repeat(500), 'active', '', 1).search).toHaveLength(100);
  });
});

describe('ProductsPage', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists products with their state and platform status, filters on the server and pages', { timeout: 20_000 }, async () => {
    const { calls } = productServer(
      (call) => {
        if (!call.url.endsWith('/product/findByFilter')) return undefined;
        const body = call.body as { active?: boolean; pagination: { page: number } };
        if (body.active === false) return jsonResponse(200, page([bike]));
        return jsonResponse(200, page(body.pagination.page === 2 ? [bike] : [train], 2, 11));
      },
      { disallowed: ['pr-train'] },
    );
    const user = userEvent.setup();
    renderList();
    const table = await screen.findByTestId('products-table');
    await within(table).findByRole('link', { name: 'Train' });
    const row = within(table).getByRole('link', { name: 'Train' }).closest('tr')!;
    expect(row).toHaveTextContent('TRAIN'); // extId
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent(/^Train$/); // the mode's name from the server
    await waitFor(() => expect(row).toHaveTextContent('Disallowed on the platform'));
    expect(within(row).getByRole('button', { name: 'Allow Train on the platform' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Deactivate Train' })).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/findByFilter'))!.body).toEqual({ pagination: { page: 1, size: 10 } });

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await within(table).findByRole('link', { name: 'Blue-bike' });
    expect(calls.filter((c) => c.url.endsWith('/findByFilter')).at(-1)!.body).toEqual({ pagination: { page: 2, size: 10 } });

    await user.click(screen.getByTestId('product-state-filter'));
    await user.click(await screen.findByRole('option', { name: 'Inactive', hidden: true }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('/findByFilter')).at(-1)!.body).toEqual({ active: false, pagination: { page: 1, size: 10 } }),
    );
    await user.click(screen.getByTestId('product-mode-filter'));
    await user.click(await screen.findByRole('option', { name: 'Bike', hidden: true }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('/findByFilter')).at(-1)!.body).toEqual({
        active: false,
        mobilityMode: 'BIKE',
        pagination: { page: 1, size: 10 },
      }),
    );
    await user.type(screen.getByTestId('product-search'), 'blue');
    await waitFor(
      () => expect(calls.filter((c) => c.url.endsWith('/findByFilter')).at(-1)!.body).toMatchObject({ search: 'blue' }),
      { timeout: 3000 },
    );
    const inactive = within(table).getByRole('link', { name: 'Blue-bike' }).closest('tr')!;
    expect(inactive).toHaveTextContent('Inactive');
    expect(inactive).toHaveTextContent('Bike');
  });

  it('shows the label in the reader\'s language', { timeout: 20_000 }, async () => {
    productServer((call) => (call.url.endsWith('/findByFilter') ? jsonResponse(200, page([train])) : undefined));
    const { default: i18n } = await import('@/lib/i18n');
    await i18n.changeLanguage('nl');
    try {
      renderList();
      expect(await screen.findByRole('link', { name: 'Trein' })).toHaveAttribute('href', '/products/pr-train/details');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('deactivates after a confirmation, and shows the refusal when the product is some employees\' default', { timeout: 20_000 }, async () => {
    let refuse = true;
    const { calls } = productServer((call) => {
      if (call.url.endsWith('/findByFilter')) return jsonResponse(200, page([train]));
      if (call.url.endsWith('/product/deactivate')) {
        if (refuse) return jsonResponse(409, { errorLabel: 'PRODUCT_DEFAULT_IN_USE', message: 'server text' });
        return jsonResponse(200, { ...train, active: false });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Train' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Train?' });
    expect(calls.some((c) => c.url.endsWith('/product/deactivate'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Product default must be removed for all employees first');
    expect(calls.filter((c) => c.url.endsWith('/product/deactivate')).map((c) => c.body)).toEqual([{ ospId: 'pr-train' }]);
    // The page did not open the product: the dialog's clicks are not the row's.
    await user.click(within(dialog).getByText(/leaves every composition/));
    expect(screen.queryByTestId('detail')).toBeNull();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is asked again.
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/findByFilter')).length).toBeGreaterThan(1));
  });

  it('disallows on the platform after a confirmation; cancelling sends nothing', { timeout: 20_000 }, async () => {
    const state = { ospId: 'pr-train', extId: 'TRAIN', label: 'Train', active: true, disallowed: false };
    const { calls } = productServer((call) => {
      if (call.url.endsWith('/findByFilter')) return jsonResponse(200, page([train]));
      if (call.url.endsWith('/platform/findDisallowed')) return jsonResponse(200, state.disallowed ? [state] : []);
      if (call.url.endsWith('/platform/disallow')) {
        state.disallowed = true;
        return jsonResponse(200, state);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderList();
    const disallow = await screen.findByRole('button', { name: 'Disallow Train on the platform' });
    await waitFor(() => expect(disallow).toBeEnabled());
    await user.click(disallow);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url.includes('/platform/disallow'))).toBe(false);

    await user.click(disallow);
    const dialog = await screen.findByRole('dialog', { name: 'Disallow Train on the platform?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disallow' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.url.endsWith('/platform/disallow'))!.body).toEqual({ productOspId: 'pr-train' });
    expect(await screen.findByRole('button', { name: 'Allow Train on the platform' })).toBeInTheDocument();
  });
});
