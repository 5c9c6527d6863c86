import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import ProviderUploadsPage from './ProviderUploadsPage';
import UploadKindTab from './UploadKindTab';
import { UPLOAD_TABS } from './uploadKinds';

const uploaded = { uploadId: 'up-1', kind: 'NMBS', filename: 'nmbs.csv', rowCount: 3, status: 'UPLOADED', validLines: 3, invalidLines: 0 };
const line = (n: number, outcome: string, extra: object = {}) => ({
  line: n,
  naturalKey: `TK${n}`,
  date: '2026-10-03',
  amount: 1140,
  outcome,
  ...extra,
});
const counts = { ready: 0, booked: 0, skipped: 0, alreadyProcessed: 0, failed: 0 };

function setup(report: object, processed?: object) {
  const { calls, fn } = mockFetch(({ url }) => {
    if (url.endsWith('/upload/upload')) return jsonResponse(200, uploaded);
    if (url.endsWith('/upload/validate')) return jsonResponse(200, report);
    if (url.endsWith('/upload/process')) return jsonResponse(200, processed);
    if (url.endsWith('/upload/history')) {
      return jsonResponse(200, {
        content: [
          {
            uploadId: 'old-1', kind: 'NMBS', filename: 'nmbs-202609.csv', rowCount: 12, status: 'PROCESSED', uploadedBy: 'Olivia Platform',
            uploadedOn: '2026-10-02T08:00:00Z', processedBy: 'Olivia Platform', processedOn: '2026-10-02T08:05:00Z', processCount: 1,
            counts: { ready: 0, booked: 10, skipped: 1, alreadyProcessed: 0, failed: 1 }, downloadPath: '/portal-service/v1/upload/download/old-1',
          },
        ],
        totalElements: 1, totalPages: 1, page: 1, size: 10,
      });
    }
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  const result = renderRoutes(
    [{ path: '/uploads', element: <ProviderUploadsPage />, children: [{ path: ':kind', element: <UploadKindTab /> }] }],
    '/uploads/nmbs',
    newQueryClient(makeUser({ roles: ['ospadmin'] })),
  );
  return { ...result, calls, fn, user: userEvent.setup() };
}

async function uploadFile(user: ReturnType<typeof userEvent.setup>, container: HTMLElement) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File(['ticketNumber;mobibCardNumber\n'], 'nmbs.csv', { type: 'text/csv' }));
  await user.click(screen.getByTestId('upload-submit'));
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

describe('ProviderUploadsPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a tab per kind in SPEC order (vouchers and cambio included) and the history of the open kind', async () => {
    const { calls } = setup({});
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Vouchers', 'Surcharges', 'Cambio', 'De Lijn', 'KBC', 'NMBS', 'Swapfiets', 'BlueBikeEvents', 'BeMobile', 'Charging']);
    expect(UPLOAD_TABS.map((tab) => tab.kind)).toEqual(['SURCHARGES', 'LINE', 'KBC', 'NMBS', 'SWAPFIETS', 'BLUEBIKE_EVENTS', 'BEMOBILE', 'CHARGING']);
    const history = await screen.findByTestId('upload-history');
    expect(history).toHaveTextContent('nmbs-202609.csv');
    expect(history).toHaveTextContent('10 booked, 1 skipped, 0 already processed, 1 failed');
    expect(calls.find((c) => c.url.endsWith('/upload/history'))!.body).toEqual({ kind: 'NMBS', pagination: { page: 1, size: 10 } });
  });

  it('uploads the file with its kind, lists line errors and keeps process disabled', async () => {
    const { user, container, calls, fn } = setup({
      uploadId: 'up-1', kind: 'NMBS', status: 'UPLOADED', valid: false, rowCount: 3, counts: { ...counts, ready: 1 },
      errors: [{ line: 3, field: 'travelDate', messages: ['travelDate must be a date (yyyy-MM-dd)'] }],
      lines: [line(2, 'READY')],
    });
    await uploadFile(user, container);
    const errors = await screen.findByTestId('import-errors');
    expect(rowsOf(errors)).toEqual([['3', 'travelDate', 'travelDate must be a date (yyyy-MM-dd)']]);
    expect(screen.getByTestId('upload-status')).toHaveTextContent('1 error: fix the file and upload it again');
    expect(screen.getByTestId('upload-process')).toBeDisabled();
    const form = fn.mock.calls.find(([url]) => String(url).endsWith('/upload/upload'))![1]!.body as FormData;
    expect(form.get('kind')).toBe('NMBS');
    expect((form.get('file') as File).name).toBe('nmbs.csv');
    expect(calls.find((c) => c.url.endsWith('/upload/validate'))!.body).toEqual({ uploadId: 'up-1' });
    expect(calls.some((c) => c.url.endsWith('/upload/process'))).toBe(false);
  });

  it('processes a valid file and shows booked, skipped, already processed and failed lines with the user link', async () => {
    const { user, container, calls } = setup(
      {
        uploadId: 'up-1', kind: 'NMBS', status: 'VALIDATED', valid: true, rowCount: 3, errors: [], counts: { ...counts, ready: 2, failed: 1 },
        lines: [line(2, 'READY'), line(3, 'READY'), line(4, 'FAILED', { reason: 'UNMATCHED_TOKEN', message: 'No user holds this card' })],
      },
      {
        uploadId: 'up-1', kind: 'NMBS', status: 'PROCESSED', valid: true, rowCount: 3, errors: [],
        counts: { ...counts, booked: 1, alreadyProcessed: 1, failed: 1 },
        lines: [
          line(2, 'BOOKED', { bookingId: 'NMBS-TK2', userOspId: 'u-1', corporateAccountOspId: 'ca-1', expenseOspId: 'e-1' }),
          line(3, 'ALREADY_PROCESSED', { bookingId: 'NMBS-TK3' }),
          line(4, 'FAILED', { reason: 'UNMATCHED_TOKEN', message: 'No user holds this card' }),
        ],
      },
    );
    await uploadFile(user, container);
    expect(await screen.findByTestId('upload-status')).toHaveTextContent('The file is valid: 3 lines');
    expect(screen.getByTestId('upload-counts')).toHaveTextContent('2 to book');
    await user.click(screen.getByTestId('upload-process'));
    const result = await screen.findByTestId('upload-result-lines');
    const rows = rowsOf(result);
    expect(rows.map((r) => [r[0], r[4], r[5]])).toEqual([
      ['2', 'Booked', ''],
      ['3', 'Already processed', ''],
      ['4', 'Failed', 'No user holds this card'],
    ]);
    expect(screen.getByTestId('upload-counts')).toHaveTextContent('1 booked');
    expect(screen.getByTestId('upload-counts')).toHaveTextContent('1 already processed');
    const link = within(result).getByRole('link', { name: "The user's expenses (line 2)" });
    expect(link).toHaveAttribute('href', '/manage/app-users/u-1/expenses?corporateAccountOspId=ca-1');
    expect(calls.find((c) => c.url.endsWith('/upload/process'))!.body).toEqual({ uploadId: 'up-1' });
  });
});
