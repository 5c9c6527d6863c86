import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse } from '@/test/http';
import { gasStation } from '../../testFixtures';
import { choose, fill, lastBody, renderAsStaff, SLOW, type Handler } from '../../testSetup';
import ResourceEditPage from './ResourceEditPage';

const NEXT = ['2026-02-01T00:00:00+01:00', '2026-03-01T00:00:00+01:00', '2026-04-01T00:00:00+02:00'];

function setup(initial: string, handler: Handler = () => undefined) {
  return renderAsStaff(
    [{ path: '/resource-management/gas-station/:createOrEdit', element: <ResourceEditPage kind="gasstation" /> }],
    initial,
    (call) => {
      const answer = handler(call);
      if (answer) return answer;
      if (call.url.endsWith('/resource/fee/cron/check')) {
        const { cron } = call.body as { cron: string };
        return jsonResponse(
          200,
          cron === '* * * * *'
            ? { valid: false, nextOccurrences: [], message: 'Schedule (cron) may occur at most once an hour' }
            : { valid: true, nextOccurrences: NEXT, message: '' },
        );
      }
      if (call.url.endsWith('/resource/gasstation/create')) return jsonResponse(200, { ...gasStation, ospId: 'gs-new' });
      if (call.url.endsWith('/resource/gasstation/get')) return jsonResponse(200, gasStation);
      if (call.url.endsWith('/resource/gasstation/update')) return jsonResponse(200, gasStation);
      if (call.url.endsWith('/fuelstation/owner/get')) return jsonResponse(200, { gasStationOspId: 'gs-1', gasStationName: gasStation.name, owners: [] });
      return undefined;
    },
  );
}

const field = (label: RegExp) => screen.getByLabelText(label);

describe('gas station create-or-edit', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names what is missing or wrong before sending anything', SLOW, async () => {
    const { user, calls } = setup('/resource-management/gas-station/create');
    await fill(user, await screen.findByTestId('field-latitude'), '91');
    await fill(user, field(/^Number of pumps/), '2.5');
    await user.click(screen.getByTestId('save-resource'));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('External id is required')).toBeInTheDocument();
    expect(screen.getByText('MRP partner is required')).toBeInTheDocument();
    expect(screen.getByText('Mobility mode is required')).toBeInTheDocument();
    expect(screen.getByText('Latitude must be between -90 and 90')).toBeInTheDocument();
    expect(screen.getByText('Longitude is required')).toBeInTheDocument();
    expect(screen.getByText('Number of pumps must be a whole number')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/create'))).toBe(false);
  });

  it('creates it with the amount in cents and shows the schedule\'s next occurrences', SLOW, async () => {
    const { user, calls, router } = setup('/resource-management/gas-station/create');
    await fill(user, await screen.findByLabelText(/^Name/), 'Total Gent Dok');
    await fill(user, field(/^External id/), 'TOTAL-GENT-1');
    await choose(user, screen.getByTestId('field-partner'), 'TotalEnergies');
    await choose(user, screen.getByTestId('field-mode'), 'Fuel');
    await fill(user, field(/^City/), 'Gent');
    await fill(user, screen.getByTestId('field-latitude'), '51.0652');
    await fill(user, screen.getByTestId('field-longitude'), '3.7306');
    await fill(user, field(/^Number of pumps/), '8');

    await user.click(screen.getByTestId('add-fee'));
    await fill(user, screen.getByTestId('fee-0-amount'), '12.5');
    await fill(user, screen.getByTestId('fee-0-cron'), '0 0 1 * *');
    expect(await screen.findByText('01/02/2026 00:00', undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText('01/04/2026 00:00')).toBeInTheDocument();
    expect(lastBody(calls, '/resource/fee/cron/check')).toEqual({ cron: '0 0 1 * *' });
    await user.click(screen.getByTestId('fee-0-prorata'));

    await user.click(screen.getByTestId('save-resource'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resource-management/gas-station/gs-new'));
    expect(lastBody(calls, '/resource/gasstation/create')).toEqual({
      extId: 'TOTAL-GENT-1',
      name: 'Total Gent Dok',
      description: '',
      mrpPartnerOspId: 'p-tot',
      mobilityMode: 'FUEL',
      labelOspIds: [],
      address: { street: '', streetNumber: '', zipCode: '', city: 'Gent' },
      latitude: 51.0652,
      longitude: 3.7306,
      numberOfPumps: 8,
      fees: [{ feeType: 'FIXED', amount: 1250, vatPercent: 21, cron: '0 0 1 * *', proRata: true, onUserBudget: true }],
    });
  });

  it('says why a schedule is not one', SLOW, async () => {
    const { user } = setup('/resource-management/gas-station/create');
    await user.click(await screen.findByTestId('add-fee'));
    await fill(user, screen.getByTestId('fee-0-cron'), '* * * * *');
    expect(await screen.findByTestId('cron-invalid', undefined, { timeout: 5_000 })).toHaveTextContent(
      'Schedule (cron) may occur at most once an hour',
    );
  });

  it('edits a stored one: update with its ospId; the server\'s field errors go to their fields', SLOW, async () => {
    const { user, calls } = setup('/resource-management/gas-station/gs-1', (call) =>
      call.url.endsWith('/resource/gasstation/update') && (call.body as { numberOfPumps: number }).numberOfPumps === 9
        ? jsonResponse(400, {
            errorLabel: 'VALIDATION_FAILED',
            message: 'Some fields are invalid',
            errors: [
              { field: 'fees[0].cron', messages: ['Schedule (cron) never occurs'] },
              { field: 'extId', messages: ['External id must be unique'] },
            ],
          })
        : undefined,
    );
    expect(await screen.findByTestId('edit-title')).toHaveTextContent('Total Gent Dok');
    expect(screen.getByTestId('fee-0-amount')).toHaveValue('€ 12.50');
    expect(await screen.findByTestId('owners-card')).toBeInTheDocument();

    await fill(user, field(/^Number of pumps/), '9');
    await user.click(screen.getByTestId('save-resource'));
    expect(await screen.findByText('Schedule (cron) never occurs')).toBeInTheDocument();
    expect(screen.getByText('External id must be unique')).toBeInTheDocument();
    expect(screen.getByTestId('fee-0-cron')).toHaveAttribute('aria-invalid', 'true');
    expect(lastBody(calls, '/resource/gasstation/update')).toMatchObject({ ospId: 'gs-1', numberOfPumps: 9, fees: [{ amount: 1250 }] });

    await fill(user, field(/^Number of pumps/), '10');
    await user.click(screen.getByTestId('save-resource'));
    await waitFor(() => expect(lastBody(calls, '/resource/gasstation/update')).toMatchObject({ ospId: 'gs-1', numberOfPumps: 10 }));
    // Saved: the form shows what the server stored, without the old errors.
    await waitFor(() => expect(field(/^Number of pumps/)).toHaveValue('8'));
    expect(screen.queryByText('External id must be unique')).toBeNull();
  });
});
