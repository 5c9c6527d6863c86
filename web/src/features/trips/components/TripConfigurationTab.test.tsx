import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import TripConfigurationTab from './TripConfigurationTab';

const company = {
  corporateAccountOspId: 'ca-1',
  commuteBikeEnabled: true,
  commuteCarEnabled: false,
  commuteWalkingEnabled: true,
  businessTripsEnabled: false,
  businessTripCarType: '',
  businessTripBikeEnabled: false,
  homeWorkEnabled: true,
  homeWorkDailyAllowance: 250,
  carCommuteCompensationType: 'PER_KILOMETER',
  commuteBikeCompensationPerKm: 350000,
  commuteWalkingCompensationPerKm: 200000,
  commuteCarCompensationPerKm: 150000,
  commuteCarCompensationPerTrip: 0,
  commuteCarCompensationPerDay: 0,
  businessTripPrivateCarCompensationPerKm: 0,
  businessTripCompanyCarCompensationPerKm: 0,
  businessTripBikeCompensationPerKm: 0,
  allowDistancesConfiguredByUser: true,
  payBikeAllowanceViaMobilityBudget: false,
};

const current = { ospId: 'd-2', userOspId: 'u-9', validFrom: '2026-09-01', distance: 12500, userDistance: 13000 };

function server(extra: (call: Call) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    const url = call.url;
    if (url.endsWith('/commute/distance/get')) {
      return jsonResponse(200, {
        userOspId: 'u-9',
        allowDistancesConfiguredByUser: true,
        current,
        history: [current, { ospId: 'd-1', userOspId: 'u-9', validFrom: '2026-01-01', distance: 10000 }],
      });
    }
    if (url.endsWith('/commute/distance/update')) return jsonResponse(200, { ...current, ospId: 'd-3' });
    if (url.includes('/commute/user/u-9/status')) {
      return jsonResponse(200, {
        userOspId: 'u-9', date: '2026-11-27', commuteModes: ['BIKE'], bikeAllowed: true, carAllowed: false, walkingAllowed: false,
        distance: 13000, distanceValidFrom: '2026-09-01',
        homeWorkAllowed: false, businessTripModes: [], registeredToday: [],
      });
    }
    if (url.endsWith('/commute/user/compensation/get')) return jsonResponse(200, { userOspId: 'u-9', commuteBikeCompensationPerKm: 400000, company });
    if (url.endsWith('/commute/user/compensation/update')) return jsonResponse(200, { userOspId: 'u-9', company });
    if (url.endsWith('/businessTrip/compensation/get')) return jsonResponse(200, { userOspId: 'u-9', company });
    if (url.endsWith('/homework/compensation/get')) return jsonResponse(200, { userOspId: 'u-9', company });
    if (url.endsWith('/homework/configuration/permission/get')) return jsonResponse(200, { userOspId: 'u-9', allowed: false, companyEnabled: true });
    if (url.endsWith('/homework/configuration/permission/update')) return jsonResponse(200, { ...(call.body as object), companyEnabled: true });
    if (url.endsWith('/businessTrip/configuration/permission/get')) return jsonResponse(200, { userOspId: 'u-9', allowed: false, companyEnabled: false });
    if (url.endsWith('/commute/user/update')) return jsonResponse(200, { userOspId: 'u-9', date: '2026-11-27', commuteModes: ['BIKE', 'WALK'] });
    return jsonResponse(404, { errorLabel: 'NOT_FOUND', message: url });
  });
}

function renderTab() {
  return renderRoutes(
    [{ path: '/manage/app-users/:userOspId/trip-configuration', element: <TripConfigurationTab /> }],
    '/manage/app-users/u-9/trip-configuration',
    newQueryClient(makeUser()),
  );
}

describe('TripConfigurationTab', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the current distance and its history in km', async () => {
    server();
    renderTab();
    expect(await screen.findByTestId('trip-current-distance')).toHaveTextContent('Today: 12.5 km, valid from 01/09/2026. Own distance: 13 km.');
    const rows = within(screen.getByTestId('trip-distance-history')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 3).map((c) => c.textContent))).toEqual([
      ['01/09/2026 current', '12.5 km', '13 km'],
      ['01/01/2026', '10 km', '—'],
    ]);
  });

  it('accepts an own distance 19.9 % from the distance and refuses one 20.1 % from it, on the field', { timeout: 30_000 }, async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderTab();
    const distance = await screen.findByTestId('trip-distance');
    const own = screen.getByTestId('trip-userDistance');
    await user.type(distance, '10');
    expect(screen.getByText('Optional; between 8 and 12 km (at most 20 % from the distance)')).toBeInTheDocument();

    await user.type(own, '12.01'); // 20.1 %
    await user.tab();
    expect(
      await screen.findByText('Own distance of the user may differ at most 20 % from the distance: between 8 and 12 km'),
    ).toBeInTheDocument();
    expect(own).toHaveAttribute('aria-invalid', 'true');

    await user.clear(own);
    await user.type(own, '11.99'); // 19.9 %
    await user.tab();
    await waitFor(() => expect(screen.queryByText(/may differ at most 20 %/)).not.toBeInTheDocument());

    const validFrom = screen.getByLabelText(/Valid from/);
    await user.type(validFrom, '01/12/2026');
    fireEvent.blur(validFrom);
    await user.click(screen.getByTestId('trip-distance-save'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/commute/distance/update'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/commute/distance/update'))!.body).toEqual({
      userOspId: 'u-9', validFrom: '2026-12-01', distance: 10000, userDistance: 11990,
    });
  });

  it('refuses an own distance 20.1 % below the distance too, and sends nothing', { timeout: 30_000 }, async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderTab();
    await user.type(await screen.findByTestId('trip-distance'), '10');
    await user.type(screen.getByTestId('trip-userDistance'), '7.99');
    await user.click(screen.getByTestId('trip-distance-save'));
    expect(await screen.findByText(/may differ at most 20 % from the distance/)).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/commute/distance/update'))).toBe(false);
  });

  it('disables the business-trip switch with the SPEC §8 message while the company has business trips off', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderTab();
    const business = await screen.findByTestId('trip-permission-business');
    expect(business).toBeDisabled();
    expect(screen.getAllByText('You need to enable business trips on company level first').length).toBeGreaterThan(0);

    const homework = screen.getByTestId('trip-permission-homework');
    expect(homework).toBeEnabled();
    await user.click(homework);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/homework/configuration/permission/update'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/homework/configuration/permission/update'))!.body).toMatchObject({ userOspId: 'u-9', allowed: true });
    expect(calls.some((c) => c.url.endsWith('/businessTrip/configuration/permission/update'))).toBe(false);
  });

  it('shows the company value beside each override and sends euros per km as exact micro-euros', { timeout: 30_000 }, async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderTab();
    const bike = await screen.findByTestId('trip-commute-compensation-commuteBikeCompensationPerKm');
    expect(bike).toHaveValue('€ 0.40');
    const card = screen.getByTestId('trip-commute-compensation');
    expect(within(card).getByText('Company: €0.35/km')).toBeInTheDocument();

    const walk = screen.getByTestId('trip-commute-compensation-commuteWalkingCompensationPerKm');
    await user.type(walk, '0.29'); // 0.29 * 1e6 is not 290000 in floating point
    await user.click(screen.getByTestId('trip-commute-compensation-save'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/commute/user/compensation/update'))).toBe(true));
    // empty fields are the company's value: left out
    expect(calls.find((c) => c.url.endsWith('/commute/user/compensation/update'))!.body).toEqual({
      userOspId: 'u-9', commuteBikeCompensationPerKm: 400000, commuteWalkingCompensationPerKm: 290000,
    });
  });

  it('offers only the commute modes the company compensates', async () => {
    server();
    renderTab();
    expect(await screen.findByTestId('trip-mode-BIKE')).toBeChecked();
    expect(screen.getByTestId('trip-mode-WALK')).not.toBeChecked();
    expect(screen.getByTestId('trip-mode-CAR')).toBeDisabled();
  });

  it("keeps the user's own permission of a mode the company does not offer", async () => {
    const { calls } = server();
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('trip-mode-WALK'));
    await user.click(screen.getByTestId('trip-modes-save'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/commute/user/update'))).toBe(true));
    // car: not offered, and not allowed for this user: still false
    expect(calls.find((c) => c.url.endsWith('/commute/user/update'))!.body).toEqual({
      userOspId: 'u-9', bikeAllowed: true, carAllowed: false, walkingAllowed: true,
    });
  });
});
