import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse } from '@/test/http';
import { PARTNER, renderAsStaff, SLOW, tier } from '../testSetup';
import UserFeesPage, { assigneeRows } from './UserFeesPage';

const TIERS = [
  tier(),
  tier({ ospId: 't-2', eventCountFrom: 11, eventCountTo: 50, amount: 100 }),
  tier({ ospId: 't-3', assigneeType: 'CORPORATE_ACCOUNT', assigneeOspId: 'ca-acme', assigneeName: 'Acme NV', amount: 40 }),
];

function setup() {
  return renderAsStaff(
    [
      { path: '/user-fee', element: <UserFeesPage /> },
      { path: '/user-fee/:type', element: <p data-testid="tiers-route">tiers</p> },
    ],
    '/user-fee',
    (call) => {
      if (call.url.endsWith('/userFee/getAll')) return jsonResponse(200, TIERS);
      if (call.url.endsWith('/corporateAccount/getByFilter'))
        return jsonResponse(200, { content: [{ ospId: 'ca-globex', name: 'Globex BV' }], totalElements: 1, totalPages: 1 });
      if (call.url.endsWith('/partner/getAll'))
        return jsonResponse(200, [
          { ...PARTNER, partnerType: 'MSP', active: true, brandColor: '' },
          { ospId: 'p-mrp', name: 'CityBike', partnerType: 'MRP', active: true, brandColor: '' },
        ]);
      return undefined;
    },
  );
}

describe('user fees overview', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('groups tiers by assignee with their count and lowest and highest fee', () => {
    expect(assigneeRows(TIERS)).toEqual([
      { type: 'CORPORATE_ACCOUNT', ospId: 'ca-acme', name: 'Acme NV', tiers: 1, lowest: 40, highest: 40 },
      { type: 'PARTNER', ospId: PARTNER.ospId, name: 'MobiPartner', tiers: 2, lowest: 50, highest: 100 },
    ]);
  });

  it('lists the assignees, searches by name and links to their tiers', SLOW, async () => {
    const { user, router } = setup();
    const table = await screen.findByTestId('user-fees-table');
    const mobi = within(table).getByRole('link', { name: 'MobiPartner' });
    expect(mobi).toHaveAttribute('href', `/user-fee/partner?assigneeOspId=${PARTNER.ospId}`);
    expect(within(table).getByRole('link', { name: 'Acme NV' })).toHaveAttribute('href', '/user-fee/corporate-account?assigneeOspId=ca-acme');
    await user.type(screen.getByTestId('user-fee-search'), 'acme');
    await waitFor(() => expect(within(table).queryByText('MobiPartner')).not.toBeInTheDocument());
    await user.click(within(table).getByRole('link', { name: 'Acme NV' }));
    await waitFor(() => expect(router.state.location.search).toBe('?assigneeOspId=ca-acme'));
  });

  it('opens the tiers of an MSP partner picked from the list', SLOW, async () => {
    const { user, router } = setup();
    await user.click(await screen.findByTestId('assignee-select'));
    expect(screen.queryByRole('option', { name: 'CityBike', hidden: true })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'MobiPartner', hidden: true }));
    await user.click(screen.getByTestId('open-assignee'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-fee/partner'));
    expect(router.state.location.search).toBe(`?assigneeOspId=${PARTNER.ospId}`);
  });

  it('opens the tiers of a company found by name', SLOW, async () => {
    const { user, router, calls } = setup();
    await user.click(await screen.findByRole('radio', { name: 'Company' }));
    await user.type(screen.getByTestId('assignee-company'), 'glob');
    await user.click(await screen.findByRole('option', { name: 'Globex BV', hidden: true }));
    await user.click(screen.getByTestId('open-assignee'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-fee/corporate-account'));
    expect(router.state.location.search).toBe('?assigneeOspId=ca-globex');
    expect(calls.find((c) => c.url.endsWith('/corporateAccount/getByFilter'))?.body).toMatchObject({ nameOrExtIdLike: 'glob' });
  });
});
