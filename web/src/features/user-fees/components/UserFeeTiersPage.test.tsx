import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, type Call } from '@/test/http';
import { lastBody, PARTNER, renderAsStaff, SLOW, tier } from '../testSetup';
import UserFeeTiersPage from './UserFeeTiersPage';

const TIERS = [tier(), tier({ ospId: 't-2', eventCountFrom: 11, eventCountTo: 50, amount: 100 })];
const PATH = `/user-fee/partner?assigneeOspId=${PARTNER.ospId}`;

function setup(onWrite: (call: Call) => Response = () => jsonResponse(200, tier({ ospId: 't-3' })), tiers = TIERS) {
  return renderAsStaff([{ path: '/user-fee/:type', element: <UserFeeTiersPage /> }], PATH, (call) => {
    if (call.url.endsWith('/userFee/getAll')) return jsonResponse(200, tiers);
    if (call.url.endsWith('/partner/get')) return jsonResponse(200, { ospId: PARTNER.ospId, name: PARTNER.name });
    if (/\/userFee\/(create|update|delete)$/.test(call.url)) return onWrite(call);
    return undefined;
  });
}

describe('user fee tiers of one assignee', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the tiers of the assignee named in the query', async () => {
    const { calls } = setup();
    const row = within(await screen.findByTestId('tier-11'));
    expect(screen.getByTestId('tiers-title')).toHaveTextContent('User fees of MobiPartner');
    expect(row.getByText('50')).toBeInTheDocument();
    expect(row.getByText(/1\.00/)).toBeInTheDocument();
    expect(row.getByText('21 %')).toBeInTheDocument();
    expect(lastBody(calls, '/userFee/getAll')).toEqual({ assigneeType: 'PARTNER', assigneeOspId: PARTNER.ospId });
    // the tiers carry the name: no partner/get
    expect(calls.some((c) => c.url.endsWith('/partner/get'))).toBe(false);
  });

  it('says so while there are no tiers, with the name from the partner', async () => {
    setup(undefined, []);
    expect(await screen.findByText(/No tiers yet/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('tiers-title')).toHaveTextContent('User fees of MobiPartner'));
  });

  it('shows the to >= from rule on the to field as one types, and refuses an overlap', SLOW, async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByTestId('add-tier'));
    await user.type(screen.getByTestId('tier-from'), '60');
    await user.type(screen.getByTestId('tier-to'), '55');
    expect(await screen.findByText('Events to must be at least 60')).toBeInTheDocument();
    await user.clear(screen.getByTestId('tier-to'));
    await user.type(screen.getByTestId('tier-to'), '70');
    await waitFor(() => expect(screen.queryByText('Events to must be at least 60')).not.toBeInTheDocument());
    // a lower from shows the tier in the way
    await user.clear(screen.getByTestId('tier-from'));
    await user.type(screen.getByTestId('tier-from'), '45');
    expect(await screen.findByText('Overlaps the tier from 11 to 50 events')).toBeInTheDocument();
    await user.click(screen.getByTestId('save-tier'));
    expect(calls.some((c) => c.url.endsWith('/userFee/create'))).toBe(false);
  });

  it('adds a tier in cents with its VAT percentage', SLOW, async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByTestId('add-tier'));
    await user.type(screen.getByTestId('tier-from'), '51');
    await user.type(screen.getByTestId('tier-to'), '1000');
    await user.type(screen.getByTestId('tier-amount'), '1.5');
    await user.clear(screen.getByTestId('tier-vat'));
    await user.type(screen.getByTestId('tier-vat'), '5.5');
    await user.click(screen.getByTestId('save-tier'));
    await waitFor(() =>
      expect(lastBody(calls, '/userFee/create')).toEqual({
        assigneeType: 'PARTNER',
        assigneeOspId: PARTNER.ospId,
        eventCountFrom: 51,
        eventCountTo: 1000,
        amount: 150,
        vatPercent: 5.5,
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('save-tier')).not.toBeInTheDocument());
  });

  it("puts the server's field errors on their fields", SLOW, async () => {
    const { user, calls } = setup(() =>
      jsonResponse(400, {
        errorLabel: 'USER_FEE_TIERS_OVERLAP',
        message: 'overlap',
        errors: [{ field: 'eventCountFrom', messages: ['Events from overlaps the tier from 1 to 10 events'] }],
      }),
    );
    await user.click((await screen.findAllByRole('button', { name: /Edit the tier from 11 to 50/ }))[0]!);
    expect(screen.getByTestId('tier-from')).toHaveValue('11');
    await user.type(screen.getByTestId('tier-amount'), '5');
    await user.click(screen.getByTestId('save-tier'));
    expect(await screen.findByText('Events from overlaps the tier from 1 to 10 events')).toBeInTheDocument();
    expect(lastBody(calls, '/userFee/update')).toMatchObject({ ospId: 't-2', eventCountFrom: 11, eventCountTo: 50 });
  });

  it('deletes a tier after confirming', SLOW, async () => {
    const { user, calls } = setup(() => new Response(null, { status: 204 }));
    await user.click(await screen.findByRole('button', { name: 'Delete the tier from 1 to 10 events' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/from 1 to 10 events/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(lastBody(calls, '/userFee/delete')).toEqual({ ospId: 't-1' }));
  });
});
