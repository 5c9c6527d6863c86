import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import type { ReconciliationDetail, ReconciliationRow } from '../api/reconciliation';
import ReconciliationPage from './ReconciliationPage';

const SLOW = { timeout: 30_000 };

function row(overrides: Partial<ReconciliationRow> = {}): ReconciliationRow {
  return {
    bookingId: 'NMBS-T2',
    mrpOspId: 'NMBS',
    expectedAmount: 1500,
    actualAmount: 2000,
    currency: 'EUR',
    status: 'MISMATCH',
    month: '202610',
    expenseOspId: 'exp-2',
    lastUpdatedOn: '2026-11-02T10:00:00Z',
    ...overrides,
  };
}

const ROWS = [row(), row({ bookingId: 'NMBS-T3', expectedAmount: 0, actualAmount: 750, status: 'MISSING_AT_PLATFORM', expenseOspId: undefined })];

function setup(initial: string, answer?: (call: Call) => Response | undefined) {
  let detail: ReconciliationDetail = { ...row(), override: null };
  const { calls } = mockFetch((call) => {
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.url.endsWith('/reconciliation/problems/get'))
      return jsonResponse(200, { content: ROWS, totalElements: 2, totalPages: 1, page: 1, size: 20 });
    if (call.url.endsWith('/reconciliation/problems/detail')) return jsonResponse(200, detail);
    if (call.url.endsWith('/reconciliation/manual/override')) {
      const body = call.body as { decision: 'ACCEPT_PROVIDER'; remark: string };
      detail = {
        ...row({ status: 'RESOLVED' }),
        override: { decision: body.decision, remark: body.remark, expectedAmount: 1500, actualAmount: 2000, bookedAmount: 500, decidedBy: 'Olivia Staff', decidedAt: '2026-11-02T11:00:00Z' },
      };
      return jsonResponse(200, detail);
    }
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  const result = renderRoutes(
    [{ path: '/reconciliation', element: <ReconciliationPage /> }],
    initial,
    newQueryClient(makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true, corporateAccount: null })),
  );
  return { ...result, calls, user: userEvent.setup() };
}

describe('reconciliation', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the problems with the filters of the URL', SLOW, async () => {
    const { calls } = setup('/reconciliation?provider=NMBS&month=202610&status=MISMATCH');
    const table = await screen.findByTestId('reconciliation-table');
    expect(await within(table).findByText('NMBS-T2')).toBeInTheDocument();
    expect(within(table).getByText('Missing at platform')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/problems/get'))?.body).toEqual({
        provider: 'NMBS',
        status: 'MISMATCH',
        month: '202610',
        pagination: { page: 1, size: 20 },
      }),
    );
  });

  it('opens a problem and records an override once, with the Idempotency-Key', SLOW, async () => {
    const { calls, user, router } = setup('/reconciliation');
    const table = await screen.findByTestId('reconciliation-table');
    await user.click(await within(table).findByRole('button', { name: 'NMBS-T2' }));
    await waitFor(() => expect(router.state.location.search).toContain('booking=NMBS-T2'));
    const detail = await screen.findByTestId('reconciliation-detail');
    await user.click(within(detail).getByTestId('open-override'));
    // nothing chosen, no remark: errors on the fields, nothing sent
    await user.click(await screen.findByTestId('override-save'));
    expect(await screen.findByText('Choose a decision')).toBeInTheDocument();
    expect(screen.getByText('Enter a remark')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/manual/override'))).toBe(false);
    await user.click(screen.getByLabelText("Accept the provider's amount (book the difference)"));
    await user.type(screen.getByTestId('override-remark'), 'NMBS invoiced the full fare');
    await user.click(screen.getByTestId('override-save'));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/manual/override'))).toHaveLength(1));
    const sent = calls.find((c) => c.url.endsWith('/manual/override'));
    expect(sent?.body).toEqual({ bookingId: 'NMBS-T2', decision: 'ACCEPT_PROVIDER', remark: 'NMBS invoiced the full fare' });
    expect(sent?.headers['Idempotency-Key']).toBeTruthy();
    expect(await screen.findByTestId('override-record')).toHaveTextContent('Olivia Staff');
    expect(screen.queryByTestId('open-override')).not.toBeInTheDocument();
  });

  it('shows the server refusal of a second override', SLOW, async () => {
    const { user } = setup('/reconciliation?booking=NMBS-T2', (call) =>
      call.url.endsWith('/manual/override')
        ? jsonResponse(409, { errorLabel: 'RECONCILIATION_ALREADY_OVERRIDDEN', message: 'This booking has been decided already' })
        : undefined,
    );
    const detail = await screen.findByTestId('reconciliation-detail');
    await user.click(within(detail).getByTestId('open-override'));
    await user.click(await screen.findByLabelText("Keep the platform's amount (book nothing)"));
    await user.type(screen.getByTestId('override-remark'), 'again');
    await user.click(screen.getByTestId('override-save'));
    expect(await screen.findByTestId('override-refusal')).toHaveTextContent(/decided already/);
  });
});
