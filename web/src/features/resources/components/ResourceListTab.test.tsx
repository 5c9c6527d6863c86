import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse } from '@/test/http';
import { bikeStation, page } from '../testFixtures';
import { lastBody, renderAsStaff, SLOW } from '../testSetup';
import ResourceListTab from './ResourceListTab';

function setup(initial = '/resource-management/bike') {
  return renderAsStaff(
    [
      { path: '/resource-management/bike', element: <ResourceListTab kind="bike" /> },
      { path: '/resource-management/bike/:createOrEdit', element: <div data-testid="edit-page" /> },
    ],
    initial,
    (call) => {
      if (call.url.endsWith('/resource/bike/getByFilter')) return jsonResponse(200, page([bikeStation], 23));
      if (call.url.endsWith('/resource/bike/deactivate')) return jsonResponse(200, { ...bikeStation, active: false });
      if (call.url.endsWith('/resource/bike/delete')) return jsonResponse(204);
      return undefined;
    },
  );
}

describe('a kind\'s list tab', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the kind\'s resources by name, a page at a time, each opening its {createOrEdit} route', SLOW, async () => {
    const { calls } = setup();
    const table = await screen.findByTestId('resources-bike');
    expect(await within(table).findByText('Blue-bike Gent-Sint-Pieters')).toBeInTheDocument();
    expect(within(table).getByText('BB-GENT-SP')).toBeInTheDocument();
    expect(within(table).getByText('Gent')).toBeInTheDocument();
    expect(within(table).getByText('40')).toBeInTheDocument();
    expect(within(table).getByText('Open 24/7')).toBeInTheDocument();
    // the mode's label comes from resource/mobilityModes/get
    expect(await within(table).findByText('Bike')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Blue-bike Gent-Sint-Pieters' })).toHaveAttribute('href', '/resource-management/bike/bk-1');
    expect(screen.getByTestId('add-resource')).toHaveAttribute('href', '/resource-management/bike/create');
    expect(screen.getByText('Total: 23')).toBeInTheDocument();
    expect(lastBody(calls, '/resource/bike/getByFilter')).toEqual({
      pagination: { page: 1, size: 10, sortOrders: [{ property: 'name', direction: 'ASC' }] },
    });
  });

  it('sends the search and the filters of the URL to the server', SLOW, async () => {
    const { calls } = setup('/resource-management/bike?search=gent&partner=p-bb&mode=BIKE&state=inactive&page=2&sort=extId,DESC');
    await screen.findByText('Blue-bike Gent-Sint-Pieters');
    expect(lastBody(calls, '/resource/bike/getByFilter')).toEqual({
      search: 'gent',
      mrpPartnerOspId: 'p-bb',
      mobilityMode: 'BIKE',
      active: false,
      pagination: { page: 2, size: 10, sortOrders: [{ property: 'extId', direction: 'DESC' }] },
    });
    expect(await screen.findByDisplayValue('Blue-bike')).toBeInTheDocument();
    expect(screen.getByTestId('filter-state')).toHaveValue('Inactive');
  });

  it('searches from 3 characters on, as the server does', SLOW, async () => {
    const { calls } = setup('/resource-management/bike?search=ge');
    await screen.findByText('Blue-bike Gent-Sint-Pieters');
    expect(lastBody(calls, '/resource/bike/getByFilter')).not.toHaveProperty('search');
    expect(screen.getByTestId('resource-search')).toHaveAttribute('placeholder', 'Type at least 3 characters');
  });

  it('deactivates only once confirmed', SLOW, async () => {
    const { calls, user } = setup();
    await user.click(await screen.findByRole('switch', { name: 'Blue-bike Gent-Sint-Pieters active' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Blue-bike Gent-Sint-Pieters?' });
    expect(within(dialog).getByText(/leaves every product composition/)).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/deactivate'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(lastBody(calls, '/resource/bike/deactivate')).toEqual({ ospId: 'bk-1' }));
  });

  it('deletes after a confirmation, and not when cancelled', SLOW, async () => {
    const { calls, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Blue-bike Gent-Sint-Pieters' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Blue-bike Gent-Sint-Pieters?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url.endsWith('/delete'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Blue-bike Gent-Sint-Pieters' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Blue-bike Gent-Sint-Pieters?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(lastBody(calls, '/resource/bike/delete')).toEqual({ ospId: 'bk-1' }));
  });
});
