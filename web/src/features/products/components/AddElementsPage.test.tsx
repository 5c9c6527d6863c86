import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse } from '@/test/http';
import { renderRoutes } from '@/test/render';
import type { ElementKind } from '../api/types';
import { element, page, product, productServer, staffClient } from '../test/fixtures';
import AddElementsPage from './AddElementsPage';

const train = product('pr-train', 'Train');
const resource = (ospId: string, name: string, kind = 'service') => ({
  ospId,
  name,
  kind,
  extId: ospId,
  active: true,
  city: '',
  hasIcon: false,
  labels: [],
  latitude: null,
  longitude: null,
  mobilityMode: 'TRAIN',
  mrpPartner: { ospId: 'p-nmbs', name: 'NMBS' },
});

const renderPicker = (kind: ElementKind, path: string) =>
  renderRoutes(
    [
      { path: `/products/:productOspId/composition/${path}`, element: <AddElementsPage kind={kind} /> },
      { path: '/products/:productOspId/composition', element: <div data-testid="composition">composition</div> },
    ],
    `/products/pr-train/composition/${path}`,
    staffClient(),
  );

describe('AddElementsPage', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('searches service resources, keeps a selection across pages and adds it', { timeout: 30_000 }, async () => {
    const { calls } = productServer((call) => {
      if (call.url.endsWith('/product/find/all')) return jsonResponse(200, [train]);
      if (call.url.endsWith('/composition/details')) {
        return jsonResponse(200, { productOspId: 'pr-train', elements: [element('s-in', 'Already there', 1)] });
      }
      if (call.url.endsWith('/resource/getByFilter')) {
        const body = call.body as { search?: string; pagination: { page: number } };
        if (body.search === 'lijn') return jsonResponse(200, page([resource('s-lijn', 'De Lijn')]));
        return jsonResponse(
          200,
          body.pagination.page === 2 ? page([resource('s-tec', 'TEC')], 2, 12) : page([resource('s-in', 'Already there'), resource('s-nmbs', 'NMBS ticket')], 2, 12),
        );
      }
      if (call.url.endsWith('/composition/add')) return jsonResponse(200, { productOspId: 'pr-train', elements: [] });
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = renderPicker('SERVICE', 'add-service-resource');
    expect(await screen.findByRole('heading', { name: 'Add service resources to Train' })).toBeInTheDocument();
    const table = screen.getByTestId('candidates-table');
    await within(table).findByText('NMBS ticket');
    expect(calls.find((c) => c.url.endsWith('/resource/getByFilter'))!.body).toEqual({
      active: true,
      kinds: ['service'],
      pagination: { page: 1, size: 10 },
    });
    // What the composition holds already cannot be picked again.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select Already there' })).toBeDisabled());
    expect(within(table).getByText('Already in the product')).toBeInTheDocument();
    expect(screen.getByTestId('candidates-add')).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select NMBS ticket' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select TEC' }));
    await user.type(screen.getByTestId('candidate-search'), 'lijn');
    await user.click(await screen.findByRole('checkbox', { name: 'Select De Lijn' }, { timeout: 3000 }));
    expect(calls.filter((c) => c.url.endsWith('/resource/getByFilter')).at(-1)!.body).toEqual({
      active: true,
      kinds: ['service'],
      search: 'lijn',
      pagination: { page: 1, size: 10 },
    });
    const chosen = screen.getByTestId('selected-elements');
    expect(within(chosen).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['NMBS ticket', 'TEC', 'De Lijn']);
    await user.click(within(chosen).getByRole('button', { name: 'Remove TEC from the selection' }));
    await user.click(screen.getByTestId('candidates-mandatory'));
    await user.click(screen.getByRole('button', { name: 'Add 2' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/products/pr-train/composition'));
    expect(calls.find((c) => c.url.endsWith('/composition/add'))!.body).toEqual({
      productOspId: 'pr-train',
      kind: 'SERVICE',
      ospIds: ['s-nmbs', 's-lijn'],
      mandatory: true,
    });
  });

  it('picks active resource groups and shows a refusal on the page', { timeout: 20_000 }, async () => {
    const { calls } = productServer((call) => {
      if (call.url.endsWith('/product/find/all')) return jsonResponse(200, [train]);
      if (call.url.endsWith('/composition/details')) return jsonResponse(200, { productOspId: 'pr-train', elements: [] });
      if (call.url.endsWith('/resourcegroup/getByFilter')) {
        return jsonResponse(200, page([{ ospId: 'g-bxl', name: 'Brussels stations', description: '', active: true, activeResourceCount: 7, resourceCount: 8, createdOn: '' }]));
      }
      if (call.url.endsWith('/composition/add')) {
        return jsonResponse(409, { errorLabel: 'PRODUCT_ELEMENT_UNAVAILABLE', message: 'Brussels stations is no longer active' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPicker('RESOURCE_GROUP', 'add-resourcegroup');
    const table = await screen.findByTestId('candidates-table');
    const row = (await within(table).findByText('Brussels stations')).closest('tr')!;
    expect(row).toHaveTextContent('7');
    expect(calls.find((c) => c.url.endsWith('/resourcegroup/getByFilter'))!.body).toEqual({ active: true, pagination: { page: 1, size: 10 } });
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Add 1' }));
    expect(await screen.findByTestId('add-refused')).toHaveTextContent(
      'Only active resources and resource groups of the chosen kind can be added to a product',
    );
    expect(calls.find((c) => c.url.endsWith('/composition/add'))!.body).toEqual({
      productOspId: 'pr-train',
      kind: 'RESOURCE_GROUP',
      ospIds: ['g-bxl'],
      mandatory: false,
    });
  });

  it('asks rental-car resources of kind rental', { timeout: 20_000 }, async () => {
    const { calls } = productServer((call) => {
      if (call.url.endsWith('/product/find/all')) return jsonResponse(200, [train]);
      if (call.url.endsWith('/composition/details')) return jsonResponse(200, { productOspId: 'pr-train', elements: [] });
      if (call.url.endsWith('/resource/getByFilter')) return jsonResponse(200, page([]));
      return undefined;
    });
    renderPicker('RENTAL_CAR', 'add-rental-car-resource');
    expect(await screen.findByText('There are no active rental cars.')).toBeInTheDocument();
    expect((calls.find((c) => c.url.endsWith('/resource/getByFilter'))!.body as { kinds: string[] }).kinds).toEqual(['rental']);
  });
});
