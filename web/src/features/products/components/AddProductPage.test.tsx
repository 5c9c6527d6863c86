import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { product, productServer, staffClient } from '../test/fixtures';
import AddProductPage from './AddProductPage';
import DetailsTab from './DetailsTab';
import ProductDetailPage from './ProductDetailPage';

const routes = [
  { path: '/products/add', element: <AddProductPage /> },
  {
    path: '/products/:productOspId',
    element: <ProductDetailPage />,
    children: [{ path: 'details', element: <DetailsTab /> }],
  },
];

async function fillValidProduct(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByTestId('product-extid'), 'NMBS_TRAIN');
  await user.click(screen.getByTestId('product-mode'));
  await user.click(await screen.findByRole('option', { name: 'Train', hidden: true }));
  await user.type(screen.getByTestId('product-label-default'), 'Train');
  await user.click(screen.getByTestId('product-label-default-html'));
  await user.paste('<b>Train</b><script>alert(1)</script>');
  await user.click(screen.getByRole('button', { name: 'Add a translation in English' }));
  await user.click(screen.getByRole('button', { name: 'Add a translation in Dutch' }));
  await user.type(screen.getByLabelText(/Text in English/), 'Train');
  await user.type(screen.getByLabelText(/Text in Dutch/), 'Trein');
}

describe('AddProductPage', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks the fields before sending anything', { timeout: 20_000 }, async () => {
    const { calls } = productServer(() => undefined);
    const user = userEvent.setup();
    renderRoutes(routes, '/products/add', staffClient());
    await user.click(await screen.findByTestId('product-submit'));
    expect(await screen.findByText('External id is required')).toBeInTheDocument();
    expect(screen.getByText('Mobility mode is required')).toBeInTheDocument();
    expect(screen.getByText('Label is required')).toBeInTheDocument();
    await user.type(screen.getByTestId('product-extid'), 'two words');
    await user.tab();
    expect(await screen.findByText('External id may not contain dots or spaces')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/product/create'))).toBe(false);
  });

  it('offers every mode a product may have, named by the server where it knows the name', { timeout: 20_000 }, async () => {
    productServer(() => undefined);
    const user = userEvent.setup();
    renderRoutes(routes, '/products/add', staffClient());
    const select = await screen.findByTestId('product-mode');
    await user.click(select);
    await screen.findByRole('option', { name: 'Bus, tram, metro', hidden: true });
    const listbox = document.getElementById(select.getAttribute('aria-controls')!)!;
    const names = within(listbox).getAllByRole('option', { hidden: true }).map((o) => o.textContent);
    expect(names).toHaveLength(10);
    expect(names).toEqual(expect.arrayContaining(['Train', 'Bike', 'Bus, tram, metro', 'PARKING', 'CHARGING']));
  });

  it('creates the product with its label and opens it, showing the HTML as the server sanitised it', { timeout: 30_000 }, async () => {
    const saved = product('pr-new', 'Train', {
      extId: 'NMBS_TRAIN',
      productLabel: {
        defaultValue: 'Train',
        defaultValueHtml: '<b>Train</b>',
        labelOspId: 'l-new',
        labelTranslations: [
          { languageCode: 'en', text: 'Train', html: '' },
          { languageCode: 'nl', text: 'Trein', html: '' },
        ],
      },
    });
    const { calls } = productServer((call) => {
      if (call.url.endsWith('/product/create')) return jsonResponse(200, saved);
      if (call.url.endsWith('/product/find/all')) return jsonResponse(200, [saved]);
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/products/add', staffClient());
    await screen.findByTestId('product-extid');
    await fillValidProduct(user);
    await user.click(screen.getByTestId('product-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/products/pr-new/details'));
    expect(calls.find((c) => c.url.endsWith('/product/create'))!.body).toEqual({
      extId: 'NMBS_TRAIN',
      mobilityMode: 'TRAIN',
      productLabel: {
        defaultValue: 'Train',
        defaultValueHtml: '<b>Train</b><script>alert(1)</script>',
        labelTranslations: [
          { languageCode: 'en', text: 'Train', html: '' },
          { languageCode: 'nl', text: 'Trein', html: '' },
        ],
      },
    });
    expect(await screen.findByTestId('product-html-sanitised')).toHaveTextContent('The server removed unsafe parts of the HTML');
    expect(screen.getByTestId('product-label-default-html')).toHaveValue('<b>Train</b>');
    expect(screen.getByTestId('product-name')).toHaveTextContent('Train');
  });

  it('puts the server\'s field errors on their fields, translations included', { timeout: 30_000 }, async () => {
    productServer((call) => {
      if (call.url.endsWith('/product/create')) {
        return jsonResponse(400, {
          errorLabel: 'VALIDATION_FAILED',
          message: 'Some fields are invalid',
          errors: [
            { field: 'extId', messages: ['External id must be unique'] },
            { field: 'productLabel.labelTranslations[1].text', messages: ['Text must be one line'] },
          ],
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/products/add', staffClient());
    await screen.findByTestId('product-extid');
    await fillValidProduct(user);
    await user.click(screen.getByTestId('product-submit'));
    expect(await screen.findByText('External id must be unique')).toBeInTheDocument();
    const dutch = screen.getByTestId('product-label-row-nl');
    expect(within(dutch).getByText('Text must be one line')).toBeInTheDocument();
  });
});
