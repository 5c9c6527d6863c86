import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import VoucherUploadsPage from './VoucherUploadsPage';

const vouchers = [
  { ospId: 'v-2', code: 'ACME-POOL-0004', value: 5000, validFrom: '2026-01-01', validUntil: '2026-12-31', status: 'ISSUED', description: '',
    corporateAccountOspId: 'ca-1', corporateAccountName: 'Acme NV', uploadId: 'up-1' },
  { ospId: 'v-1', code: 'ACME-TAXI-0001', value: 2500, validFrom: '2026-01-01', validUntil: '2026-12-31', status: 'REDEEMED', description: '',
    corporateAccountOspId: 'ca-1', corporateAccountName: 'Acme NV', userOspId: 'u-7', userName: 'Jan Peeters',
    redeemedAt: '2026-11-21T10:00:00Z', redeemedByOspId: 'u-7', redeemedByName: 'Jan Peeters', uploadId: 'up-1' },
];

function setup() {
  const { calls, fn } = mockFetch(({ url }) => {
    if (url.endsWith('/voucher/upload')) return jsonResponse(200, { uploadId: 'up-3', kind: 'VOUCHER', filename: 'v.csv', rowCount: 1, status: 'UPLOADED', createdBy: 'x', createdAt: '2026-11-21T10:00:00Z' });
    if (url.endsWith('/voucher/validate')) return jsonResponse(200, { uploadId: 'up-3', kind: 'VOUCHER', status: 'valid', rowCount: 1, errors: [], lines: [{ line: 2, status: 'BOOKABLE', key: 'ACME-NEW-0007' }], booked: 0, alreadyProcessed: 0, failed: 0 });
    if (url.endsWith('/voucher/upload/list')) return jsonResponse(200, { content: [], totalElements: 0, totalPages: 0, page: 1, size: 10 });
    if (url.endsWith('/voucher/list')) return jsonResponse(200, { content: vouchers, totalElements: 2, totalPages: 1, page: 1, size: 10 });
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  renderRoutes([{ path: '/voucher-uploads', element: <VoucherUploadsPage /> }], '/voucher-uploads', newQueryClient(makeUser()));
  return { calls, fn, user: userEvent.setup() };
}

describe('VoucherUploadsPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("uploads a voucher file for the selected company and lists the company's vouchers with who used them", async () => {
    const { user, calls, fn } = setup();
    const table = await screen.findByTestId('voucher-list');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows.map((r) => [r[0], r[3], r[4]])).toEqual([
      ['ACME-POOL-0004', 'The company', 'Issued'],
      ['ACME-TAXI-0001', 'Jan Peeters', 'Used'],
    ]);
    expect(rows[1]?.[5]).toContain('Jan Peeters');
    expect(calls.find((c) => c.url.endsWith('/voucher/list'))!.body).toEqual({ corporateAccountOspId: 'ca-1', pagination: { page: 1, size: 10 } });

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['code;value\n'], 'v.csv', { type: 'text/csv' }));
    await user.click(screen.getByTestId('provider-upload'));
    expect(await screen.findByTestId('provider-report-status')).toHaveTextContent('The file is valid and can be processed.');
    const uploadCall = fn.mock.calls.find(([url]) => String(url).endsWith('/voucher/upload'))!;
    expect((uploadCall[1]!.body as FormData).get('corporateAccountOspId')).toBe('ca-1');

    // the status filter goes to the server
    await user.click(screen.getByTestId('voucher-status-filter'));
    await user.click(await screen.findByRole('option', { name: 'Expired', hidden: true }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/voucher/list') && (c.body as { status?: string }).status === 'EXPIRED')).toBe(true));
  });
});
