import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { IDEMPOTENCY_KEY_HEADER } from '@/lib/api/idempotency';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import TripRegistrationsTab from './TripRegistrationsTab';

const registration = (overrides: Record<string, unknown>) => ({
  ospId: 'r-1', userOspId: 'u-9', userName: 'Jan Peeters', corporateAccountOspId: 'ca-1', date: '2026-11-03',
  kind: 'COMMUTE', mode: 'BIKE', direction: 'OUTBOUND', distance: 12500, compensationType: 'PER_KILOMETER',
  rate: 350000, taxFreeRate: 350000, compensation: 438, taxable: 0, status: 'REGISTERED', description: '',
  createdOn: '2026-11-03T08:00:00Z', updatedOn: '2026-11-03T08:00:00Z',
  ...overrides,
});

const page = {
  content: [
    registration({}),
    registration({ ospId: 'r-2', kind: 'BUSINESS', mode: 'PRIVATE_CAR', direction: '', distance: 80000, compensation: 3400, taxable: 1234, status: 'APPROVED' }),
    registration({ ospId: 'r-3', kind: 'HOME_WORK', mode: '', direction: '', distance: 0, compensation: 250, status: 'PAID', paidMonth: '202610' }),
  ],
  totalPages: 1,
  totalElements: 3,
};

function server(extra: (call: Call) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url.endsWith('/travel/getByFilter')) return jsonResponse(200, page);
    if (call.url.endsWith('/travel/registration/create')) return jsonResponse(200, registration({ ospId: 'r-9' }));
    if (/\/travel\/registration\/(approve|reject|update)$/.test(call.url)) return jsonResponse(200, registration({}));
    return jsonResponse(404, { errorLabel: 'NOT_FOUND', message: call.url });
  });
}

function renderTab(search = '') {
  return renderRoutes(
    [{ path: '/manage/app-users/:userOspId/trip-registrations', element: <TripRegistrationsTab /> }],
    `/manage/app-users/u-9/trip-registrations${search}`,
    newQueryClient(makeUser()),
  );
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

async function choose(user: ReturnType<typeof userEvent.setup>, testId: string, option: string) {
  const input = screen.getByTestId(testId);
  await user.click(input);
  // the kind filter offers the same names: take the option of this field's own list
  await waitFor(() => expect(input).toHaveAttribute('aria-controls'));
  const listbox = document.getElementById(input.getAttribute('aria-controls')!)!;
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

describe('TripRegistrationsTab', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the registrations with km, amounts and status, filtered as the URL says', async () => {
    const { calls } = server();
    renderTab('?month=202611&status=APPROVED&kind=BUSINESS');
    const table = await screen.findByTestId('trip-registrations');
    await within(table).findByText('Private car');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => cells(r).slice(0, 8))).toEqual([
      ['03/11/2026', 'Commute', 'Bike', 'To work', '12.5', '€4.38', '€0.00', 'Registered'],
      ['03/11/2026', 'Business trip', 'Private car', '—', '80', '€34.00', '€12.34', 'Approved'],
      ['03/11/2026', 'Home work', '—', '—', '—', '€2.50', '€0.00', 'Paid'],
    ]);
    expect(calls.find((c) => c.url.endsWith('/travel/getByFilter'))!.body).toEqual({
      userOspId: 'u-9', month: '202611', status: 'APPROVED', kind: 'BUSINESS', pagination: { page: 1, size: 10 },
    });
    // a paid registration can no longer change
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('approves and rejects through their own calls', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Approve the registration of 03/11/2026' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/travel/registration/approve'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/travel/registration/approve'))!.body).toEqual({ ospId: 'r-1' });

    await user.click(screen.getByTestId('reject-r-2'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/travel/registration/reject'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/travel/registration/reject'))!.body).toEqual({ ospId: 'r-2' });
  });

  it('adds a commute in metres with an Idempotency-Key', { timeout: 30_000 }, async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByTestId('registrations-add'));
    const date = await screen.findByTestId('registration-date');
    await user.type(date, '03/11/2026');
    fireEvent.blur(date);
    await choose(user, 'registration-kind', 'Commute');
    await choose(user, 'registration-mode', 'Bike');
    await choose(user, 'registration-direction', 'Back home');
    await user.type(screen.getByTestId('registration-distance'), '12.345');
    await user.type(screen.getByTestId('registration-description'), 'via the canal');
    await user.click(screen.getByTestId('registration-submit'));

    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/travel/registration/create'))).toBe(true));
    const create = calls.find((c) => c.url.endsWith('/travel/registration/create'))!;
    expect(create.body).toEqual({
      userOspId: 'u-9', date: '2026-11-03', kind: 'COMMUTE', mode: 'BIKE', direction: 'RETURN', distance: 12345, description: 'via the canal',
    });
    expect(create.headers[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('puts a refusal on the field it names, translated', { timeout: 30_000 }, async () => {
    server((call) =>
      call.url.endsWith('/travel/registration/update')
        ? jsonResponse(400, { errorLabel: 'TRIP_ALREADY_REGISTERED', message: 'duplicate', errors: [{ field: 'direction', messages: ['duplicate'] }] })
        : undefined,
    );
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Correct the registration of 03/11/2026' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('registration-distance')).toHaveValue('12.5 km');
    await user.click(within(dialog).getByTestId('registration-submit'));
    expect(
      await within(dialog).findByText('The user already has a commute in this direction (or a home-work day) on that day'),
    ).toBeInTheDocument();
  });
});
