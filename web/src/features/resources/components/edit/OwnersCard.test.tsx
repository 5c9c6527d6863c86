import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, type Call } from '@/test/http';
import { gasStation } from '../../testFixtures';
import { lastBody, renderAsStaff, SLOW, type User } from '../../testSetup';
import { OwnersCard } from './OwnersCard';

const acme = {
  ospId: 'o-1',
  ownerName: 'Acme NV',
  corporateAccountOspId: 'ca-1',
  corporateAccountName: 'Acme NV',
  validFrom: '2024-01-01',
  validTo: '2024-12-31',
};
const companies = { content: [{ ospId: 'ca-2', name: 'Globex BV', data: { extId: 'GLOBEX' } }], page: 1, size: 20, totalElements: 1, totalPages: 1 };

function setup(onUpdate: (call: Call) => Response = () => jsonResponse(200, { gasStationOspId: 'gs-1', gasStationName: 'x', owners: [] })) {
  return renderAsStaff([{ path: '/station', element: <OwnersCard station={gasStation} /> }], '/station', (call) => {
    if (call.url.endsWith('/fuelstation/owner/get')) return jsonResponse(200, { gasStationOspId: 'gs-1', gasStationName: gasStation.name, owners: [acme] });
    if (call.url.endsWith('/fuelstation/owner/update')) return onUpdate(call);
    if (call.url.endsWith('/corporateAccount/getByFilter')) return jsonResponse(200, companies);
    return undefined;
  });
}

async function addPeriod(user: User, from: string) {
  await user.click(screen.getByTestId('add-owner'));
  const dialog = await screen.findByRole('dialog', { name: 'Add owner' });
  await user.type(within(dialog).getByTestId('owner-company'), 'Glob');
  await user.click(await screen.findByRole('option', { name: 'Globex BV', hidden: true }, { timeout: 5_000 }));
  await user.type(within(dialog).getByTestId('owner-valid-from'), from);
  await user.click(within(dialog).getByTestId('save-owner'));
  return dialog;
}

describe('gas-station owners', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each period: owner, valid from and to, company', SLOW, async () => {
    setup();
    const table = await screen.findByTestId('owners-table');
    const row = (await within(table).findByText('01/01/2024')).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Acme NV', '01/01/2024', '31/12/2024', 'Acme NV', 'EditDelete']);
  });

  it('adds a period: the whole list goes to owner/update, an open end as null', SLOW, async () => {
    const { user, calls } = setup();
    await within(await screen.findByTestId('owners-table')).findByText('01/01/2024');
    await addPeriod(user, '01/01/2025');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastBody(calls, '/fuelstation/owner/update')).toEqual({
      gasStationOspId: 'gs-1',
      owners: [
        { ownerName: 'Acme NV', corporateAccountOspId: 'ca-1', validFrom: '2024-01-01', validTo: '2024-12-31' },
        { ownerName: '', corporateAccountOspId: 'ca-2', validFrom: '2025-01-01', validTo: null },
      ],
    });
  });

  it('refuses an overlapping period before sending it', SLOW, async () => {
    const { user, calls } = setup();
    await within(await screen.findByTestId('owners-table')).findByText('01/01/2024');
    const dialog = await addPeriod(user, '01/06/2024');
    expect(await within(dialog).findByText('The owner periods of a gas station may not overlap')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/fuelstation/owner/update'))).toBe(false);
  });

  it('shows the server\'s refusal of an overlap, translated, on the valid-from field', SLOW, async () => {
    const { user } = setup(() =>
      jsonResponse(400, {
        errorLabel: 'OWNER_PERIODS_OVERLAP',
        message: 'the period from 2025-01-01 overlaps the one from 2024-01-01',
        errors: [{ field: 'owners[1].validFrom', messages: ['the period from 2025-01-01 overlaps the one from 2024-01-01'] }],
      }),
    );
    await within(await screen.findByTestId('owners-table')).findByText('01/01/2024');
    const dialog = await addPeriod(user, '01/01/2025');
    expect(await within(dialog).findByText('The owner periods of a gas station may not overlap')).toBeInTheDocument();
    expect(within(dialog).getByTestId('owner-valid-from')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/overlaps the one from/)).toBeNull();
  });

  it('deletes a period after a confirmation', SLOW, async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Delete the period of Acme NV from 01/01/2024' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this owner period?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(lastBody(calls, '/fuelstation/owner/update')).toEqual({ gasStationOspId: 'gs-1', owners: [] }));
  });
});
