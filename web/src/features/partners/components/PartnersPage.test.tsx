import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import PartnersPage from './PartnersPage';

const row = (ospId: string, name: string, partnerType: string, active = true) => ({ ospId, name, extId: name.toUpperCase(), partnerType, active });

describe('PartnersPage', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the active partners, filters by type and name here and by state on the server', { timeout: 20_000 }, async () => {
    const { calls } = mockFetch((call) => {
      const { active } = call.body as { active?: boolean };
      if (active === false) return jsonResponse(200, [row('p-old', 'OldCo', 'MSP', false)]);
      return jsonResponse(200, [row('p-ride', 'RideOn', 'MSP'), row('p-bike', 'CityBike', 'MRP'), row('p-mobi', 'MobiPartner', 'MSP')]);
    });
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/partners', element: <PartnersPage /> }, { path: '/partners/:id/*', element: null }],
      '/partners',
      newQueryClient(makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true })),
    );
    const table = await screen.findByTestId('partners-table');
    const names = () => within(table).queryAllByRole('link').map((a) => a.textContent);
    await waitFor(() => expect(names()).toEqual(['CityBike', 'MobiPartner', 'RideOn']));
    expect(calls[0]!.body).toEqual({ active: true });
    expect(within(table).getAllByRole('link')[0]).toHaveAttribute('href', '/partners/p-bike/details');

    await user.click(screen.getByTestId('partner-search'));
    await user.paste('ride');
    await waitFor(() => expect(names()).toEqual(['RideOn']));
    await user.clear(screen.getByTestId('partner-search'));

    await user.click(screen.getByTestId('partner-type-filter'));
    await user.click(await screen.findByRole('option', { name: 'MRP', hidden: true }));
    await waitFor(() => expect(names()).toEqual(['CityBike']));

    await user.click(screen.getByTestId('partner-state'));
    await user.click(await screen.findByRole('option', { name: 'Inactive', hidden: true }));
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ active: false }));
    // The type filter still applies: OldCo is an MSP.
    expect(await within(table).findByText('No partner matches these filters.')).toBeInTheDocument();
  });
});
