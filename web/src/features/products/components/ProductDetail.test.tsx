import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { element, product, productServer, staffClient } from '../test/fixtures';
import CompositionTab, { elementChanges } from './CompositionTab';
import DetailsTab from './DetailsTab';
import ProductDetailPage from './ProductDetailPage';

const train = product('pr-train', 'Train', { extId: 'NMBS_TRAIN' });
const routes = [
  {
    path: '/products/:productOspId',
    element: <ProductDetailPage />,
    children: [
      { index: true, element: null },
      { path: 'details', element: <DetailsTab /> },
      { path: 'composition', element: <CompositionTab /> },
    ],
  },
  { path: '/products/:productOspId/composition/:add', element: <div data-testid="add-page">add</div> },
];

describe('elementChanges', () => {
  it('sends only what changed', () => {
    const e = element('e', 'NMBS', 2, { mandatory: true });
    expect(elementChanges(e, 2, true)).toEqual({});
    expect(elementChanges(e, 1, true)).toEqual({ position: 1 });
    expect(elementChanges(e, 2, false)).toEqual({ mandatory: false });
  });
});

describe('the product detail', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens the details tab and saves the product', { timeout: 30_000 }, async () => {
    const { calls } = productServer((call) => {
      if (call.url.endsWith('/product/find/all')) return jsonResponse(200, [product('other', 'Bike'), train]);
      if (call.url.endsWith('/product/update')) {
        return jsonResponse(200, { ...train, extId: 'NMBS_TRAIN_2', productLabel: { ...train.productLabel, defaultValue: 'Train 2' } });
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/products/pr-train', staffClient());
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/pr-train/details'));
    expect(calls.find((c) => c.url.endsWith('/product/find/all'))!.body).toEqual({});
    const extId = await screen.findByTestId('product-extid');
    expect(extId).toHaveValue('NMBS_TRAIN');
    expect(screen.getByTestId('product-status')).toHaveTextContent('Active');

    await user.clear(extId);
    await user.type(extId, 'NMBS_TRAIN_2');
    await user.clear(screen.getByTestId('product-label-default'));
    await user.type(screen.getByTestId('product-label-default'), 'Train 2');
    await user.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/product/update'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/product/update'))!.body).toEqual({
      ospId: 'pr-train',
      extId: 'NMBS_TRAIN_2',
      mobilityMode: 'TRAIN',
      productLabel: { defaultValue: 'Train 2', defaultValueHtml: '', labelTranslations: [] },
    });
    // The header follows the saved product.
    expect(await screen.findByRole('heading', { name: 'Train 2' })).toBeInTheDocument();
    expect(screen.queryByTestId('product-html-sanitised')).toBeNull();
  });

  it('shows the 404 page for a product that does not exist', { timeout: 20_000 }, async () => {
    productServer((call) => (call.url.endsWith('/product/find/all') ? jsonResponse(200, [train]) : undefined));
    renderRoutes(routes, '/products/nope/details', staffClient());
    expect(await screen.findByText('This page does not exist')).toBeInTheDocument();
  });

  it('lists the composition and links to the three add routes', { timeout: 20_000 }, async () => {
    productServer((call) => {
      if (call.url.endsWith('/product/find/all')) return jsonResponse(200, [train]);
      if (call.url.endsWith('/composition/details')) {
        return jsonResponse(200, {
          productOspId: 'pr-train',
          elements: [
            element('g-1', 'Brussels stations', 1, { kind: 'RESOURCE_GROUP', mobilityMode: '', mrpPartnerOspId: '' }),
            element('s-1', 'NMBS ticket', 2, { mandatory: false }),
            element('r-1', '', 3, { kind: 'RENTAL_CAR', mrpPartnerOspId: 'p-gone' }),
          ],
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/products/pr-train/composition', staffClient());
    const table = await screen.findByTestId('composition-table');
    // The partner and mode names come from their own calls: wait until both are in.
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((r) => within(r).getAllByRole('cell').slice(0, 6).map((c) => c.textContent)),
      ).toEqual([
        ['1', 'Brussels stations', 'Resource group', '—', '—', 'Mandatory'],
        ['2', 'NMBS ticket', 'Service resource', 'Train', 'NMBS', 'Optional'],
        ['3', '(unknown)', 'Rental car', 'Train', 'p-gone', 'Mandatory'],
      ]),
    );
    expect(screen.getByTestId('add-RESOURCE_GROUP')).toHaveAttribute('href', '/products/pr-train/composition/add-resourcegroup');
    expect(screen.getByTestId('add-SERVICE')).toHaveAttribute('href', '/products/pr-train/composition/add-service-resource');
    expect(screen.getByTestId('add-RENTAL_CAR')).toHaveAttribute('href', '/products/pr-train/composition/add-rental-car-resource');
    await user.click(screen.getByTestId('add-SERVICE'));
    expect(await screen.findByTestId('add-page')).toBeInTheDocument();
  });

  it('moves an element and makes it optional; removes one after a confirmation', { timeout: 30_000 }, async () => {
    let elements = [element('s-1', 'NMBS ticket', 1), element('s-2', 'De Lijn ticket', 2, { mrpPartnerOspId: '' })];
    const { calls } = productServer((call) => {
      if (call.url.endsWith('/product/find/all')) return jsonResponse(200, [train]);
      if (call.url.endsWith('/composition/details')) return jsonResponse(200, { productOspId: 'pr-train', elements });
      if (call.url.endsWith('/composition/update')) {
        elements = [{ ...elements[1]!, position: 1, mandatory: false }, { ...elements[0]!, position: 2 }];
        return jsonResponse(200, { productOspId: 'pr-train', elements: [] });
      }
      if (call.url.endsWith('/composition/delete')) {
        elements = elements.filter((e) => e.ospId !== 's-1').map((e) => ({ ...e, position: 1 }));
        return jsonResponse(200, { productOspId: 'pr-train', elements: [] });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/products/pr-train/composition', staffClient());
    await user.click(await screen.findByRole('button', { name: 'Edit De Lijn ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit De Lijn ticket' });
    const position = within(dialog).getByTestId('element-position');
    await user.clear(position);
    await user.type(position, '3');
    expect(within(dialog).getByText('Position must be a whole number from 1 to 2')).toBeInTheDocument();
    expect(within(dialog).getByTestId('element-save')).toBeDisabled();
    await user.clear(position);
    await user.type(position, '1');
    await user.click(within(dialog).getByTestId('element-mandatory'));
    await user.click(within(dialog).getByTestId('element-save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.url.endsWith('/composition/update'))!.body).toEqual({
      productOspId: 'pr-train',
      elementOspId: 's-2',
      position: 1,
      mandatory: false,
    });
    const table = screen.getByTestId('composition-table');
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('De Lijn ticket'));

    await user.click(screen.getByRole('button', { name: 'Remove NMBS ticket' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove NMBS ticket from the product?' });
    expect(calls.some((c) => c.url.endsWith('/composition/delete'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(table).queryByText('NMBS ticket')).toBeNull());
    expect(calls.find((c) => c.url.endsWith('/composition/delete'))!.body).toEqual({ productOspId: 'pr-train', elementOspId: 's-1' });
  });
});
