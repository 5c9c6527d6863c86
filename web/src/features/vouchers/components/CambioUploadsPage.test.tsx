import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import CambioUploadsPage from './CambioUploadsPage';

const stored = { uploadId: 'up-1', kind: 'CAMBIO_INVOICE', filename: 'cambio.csv', rowCount: 3, status: 'UPLOADED', createdBy: 'Olivia Platform', createdAt: '2026-11-21T10:00:00Z' };
const line = (n: number, status: string, reason = '', bookingId = '') => ({ line: n, status, key: `CB-1/${n - 1}`, reason, bookingId, ospId: bookingId ? `x-${n}` : '' });
const validReport = {
  uploadId: 'up-1', kind: 'CAMBIO_INVOICE', status: 'valid', rowCount: 3, errors: [], booked: 0, alreadyProcessed: 0, failed: 0,
  lines: [line(2, 'BOOKABLE'), line(3, 'ALREADY_PROCESSED', 'This invoice line was booked before'), line(4, 'FAILED', 'No app user has this e-mail address')],
};
const processed = {
  ...validReport, status: 'partial', booked: 1, alreadyProcessed: 1, failed: 1,
  lines: [line(2, 'BOOKED', '', 'ABCD2345EFGH'), validReport.lines[1], validReport.lines[2]],
};

function setup(report: object, history: object[] = []) {
  const { calls, fn } = mockFetch(({ url }) => {
    if (url.endsWith('/cambio/invoice/upload')) return jsonResponse(200, stored);
    if (url.endsWith('/cambio/invoice/validate')) return jsonResponse(200, report);
    if (url.endsWith('/cambio/invoice/process')) return jsonResponse(200, processed);
    if (url.endsWith('/upload/list')) return jsonResponse(200, { content: history, totalElements: history.length, totalPages: 1, page: 1, size: 10 });
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  const result = renderRoutes([{ path: '/cambio-uploads', element: <CambioUploadsPage /> }], '/cambio-uploads',
    newQueryClient(makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true })));
  return { ...result, calls, fn, user: userEvent.setup() };
}

async function uploadFile(user: ReturnType<typeof userEvent.setup>, container: HTMLElement) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File(['invoiceNumber;lineId\n'], 'cambio.csv', { type: 'text/csv' }));
  await user.click(screen.getByTestId('provider-upload'));
}

describe('CambioUploadsPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('uploads the invoice, shows what would happen to each line, processes it and shows the result', async () => {
    const { user, container, calls, fn } = setup(validReport);
    expect(screen.getByTestId('provider-columns')).toHaveTextContent('invoiceNumber;lineId;customerNumber;email;date;description;amount;vatPercentage;km');
    expect(await screen.findByText('No files uploaded yet.')).toBeInTheDocument();
    await uploadFile(user, container);

    expect(await screen.findByTestId('provider-report-status')).toHaveTextContent('The file is valid and can be processed.');
    const rows = within(screen.getByTestId('provider-lines')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['2', 'CB-1/1', 'To book', '—', '—'],
      ['3', 'CB-1/2', 'Already processed', 'This invoice line was booked before', '—'],
      ['4', 'CB-1/3', 'Failed', 'No app user has this e-mail address', '—'],
    ]);
    const uploadCall = fn.mock.calls.find(([url]) => String(url).endsWith('/cambio/invoice/upload'))!;
    expect(((uploadCall[1]!.body as FormData).get('file') as File).name).toBe('cambio.csv');
    expect(calls.find((c) => c.url.endsWith('/validate'))!.body).toEqual({ uploadId: 'up-1' });
    expect(calls.some((c) => c.url.endsWith('/process'))).toBe(false);

    await user.click(screen.getByTestId('provider-process'));
    const result = await screen.findByTestId('provider-process-report');
    expect(within(result).getByTestId('provider-report-status')).toHaveTextContent(
      'The file has been processed; 1 line(s) could not be booked and are left for a later process.',
    );
    expect(within(result).getByTestId('provider-report-counts')).toHaveTextContent('1 booked, 1 already processed, 1 failed');
    expect(within(result).getByText('ABCD2345EFGH')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/process')).map((c) => c.body)).toEqual([{ uploadId: 'up-1' }]);
    // the history is read again after the process
    expect(calls.filter((c) => c.url.endsWith('/cambio/invoice/upload/list')).length).toBeGreaterThan(1);
  });

  it('lists every line error and does not let an invalid file be processed', async () => {
    const { user, container, calls } = setup({
      ...validReport, status: 'invalid', lines: [],
      errors: [{ line: 3, field: 'amount', messages: ['Must be an amount in euro above 0'] }, { line: 5, field: 'date', messages: ['May not lie in the future'] }],
    });
    await uploadFile(user, container);
    expect(await screen.findByTestId('provider-report-status')).toHaveTextContent('The file has 2 error(s). Nothing has been changed.');
    const rows = within(screen.getByTestId('import-errors')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['3', 'amount', 'Must be an amount in euro above 0'],
      ['5', 'date', 'May not lie in the future'],
    ]);
    expect(screen.getByTestId('provider-process')).toBeDisabled();
    expect(calls.some((c) => c.url.endsWith('/process'))).toBe(false);
  });

  it('switches to the CO2 file and lists earlier files with who uploaded them and their result', async () => {
    const { user, calls } = setup(validReport, [
      { ...stored, uploadId: 'up-9', kind: 'CAMBIO_CO2', filename: 'co2-oct.csv', status: 'PARTIAL', processedBy: 'Olivia Platform',
        processedAt: '2026-11-21T10:05:00Z', report: { ...processed, kind: 'CAMBIO_CO2' } },
    ]);
    await user.click(screen.getByRole('radio', { name: 'Cambio CO2' }));
    expect(screen.getByTestId('provider-columns')).toHaveTextContent('month;customerNumber;email;km;co2Grams');
    const table = await screen.findByTestId('provider-history');
    expect(within(table).getByRole('button', { name: 'Download co2-oct.csv' })).toBeInTheDocument();
    expect(table).toHaveTextContent('Partly processed');
    expect(table).toHaveTextContent('1 booked, 1 already processed, 1 failed');
    expect(calls.some((c) => c.url.endsWith('/cambio/co2/upload/list'))).toBe(true);
  });
});
