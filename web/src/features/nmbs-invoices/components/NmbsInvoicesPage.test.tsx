import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import NmbsInvoicesPage from './NmbsInvoicesPage';

const counts = { matched: 1, invoiced: 0, amountDiffers: 1, unknownOrder: 1, alreadyInvoiced: 0, duplicateInFile: 0 };
const report = {
  uploadId: 'up-9', provider: 'NMBS', invoiceMonth: '202610', status: 'UPLOADED', valid: true, rowCount: 3, errors: [], counts,
  lines: [
    { line: 2, invoiceNumber: 'NMBS-1', cardNumber: '12345678901234567', outcome: 'MATCHED', message: 'Matches order 101', orderId: 101, invoicedAmount: 21400, expectedAmount: 21400 },
    { line: 3, invoiceNumber: 'NMBS-1', cardNumber: '22345678901234567', outcome: 'AMOUNT_DIFFERS', message: 'Amount differs: the order expects € 98.50, the invoice charges € 99.00', orderId: 102, invoicedAmount: 9900, expectedAmount: 9850 },
    { line: 4, invoiceNumber: 'NMBS-1', cardNumber: '99999999999999999', outcome: 'UNKNOWN_ORDER', message: 'No processed season-card order', invoicedAmount: 1000, expectedAmount: 0 },
  ],
};

function setup(validate: unknown = report) {
  const { calls, fn } = mockFetch(({ url }) => {
    if (url.endsWith('/upload/invoice/upload')) return new Response('up-9', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    if (url.endsWith('/upload/invoice/validate')) return jsonResponse(200, validate);
    if (url.endsWith('/upload/invoice/process'))
      return jsonResponse(200, { ...report, status: 'PROCESSED', counts: { ...counts, matched: 0, invoiced: 1 }, lines: [{ ...report.lines[0], outcome: 'INVOICED' }, report.lines[1], report.lines[2]] });
    if (url.endsWith('/upload/invoice/history')) return jsonResponse(200, { content: [], totalElements: 0, totalPages: 0, page: 1, size: 10 });
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  renderRoutes([{ path: '/nmbs', element: <NmbsInvoicesPage /> }], '/nmbs', newQueryClient(makeUser()));
  return { calls, fn, user: userEvent.setup() };
}

describe('NmbsInvoicesPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("uploads the selected company's NMBS invoice, shows each line's outcome and processes it", async () => {
    const { user, calls, fn } = setup();
    await screen.findByTestId('nmbs-invoice-history');
    expect(calls.find((c) => c.url.endsWith('/upload/invoice/history'))!.body).toEqual({
      corporateAccountOspId: 'ca-1', provider: 'NMBS', pagination: { page: 1, size: 10 },
    });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['invoiceNumber;invoiceMonth\n'], 'nmbs.csv', { type: 'text/csv' }));
    await user.click(screen.getByTestId('nmbs-invoice-upload'));
    expect(await screen.findByTestId('nmbs-invoice-report-status')).toHaveTextContent('Invoice month 202610: 2 line(s) do not match');
    const form = fn.mock.calls.find(([url]) => String(url).endsWith('/upload/invoice/upload'))![1]!.body as FormData;
    expect([form.get('provider'), form.get('corporateAccountOspId')]).toEqual(['NMBS', 'ca-1']);
    // validate is called with the id the upload answered as text
    expect(calls.find((c) => c.url.endsWith('/upload/invoice/validate'))!.body).toEqual({ uploadId: 'up-9' });
    const rows = within(screen.getByTestId('nmbs-invoice-lines')).getAllByRole('row').slice(1);
    const cells = rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(cells.map((c) => [c[0], c[3], c[4]])).toEqual([
      ['2', 'Matched', '101'],
      ['3', 'Amount differs', '102'],
      ['4', 'Unknown order', '—'],
    ]);
    expect(cells[1]?.[5]).toContain('98.50');
    expect(cells[1]?.[6]).toContain('99.00');

    await user.click(screen.getByTestId('nmbs-invoice-process'));
    const result = await screen.findByTestId('nmbs-invoice-process-report');
    expect(within(result).getByTestId('nmbs-invoice-report-counts')).toHaveTextContent('Invoiced: 1');
    expect(calls.find((c) => c.url.endsWith('/upload/invoice/process'))!.body).toEqual({ uploadId: 'up-9' });
  });

  it("lists a bad file's errors per line and field and does not offer to process it", async () => {
    const { user } = setup({ ...report, valid: false, invoiceMonth: '', lines: [], counts: { ...counts, matched: 0, amountDiffers: 0, unknownOrder: 0 },
      errors: [{ line: 3, field: 'organismNumber', messages: ['The organism number is 4 letters'] }] });
    await user.click(screen.getByTestId('nmbs-invoice-tab-BPARKING'));
    await waitFor(() => expect(screen.getByTestId('nmbs-invoice-columns')).toHaveTextContent('cardNumber;parking'));
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'bp.csv', { type: 'text/csv' }));
    await user.click(screen.getByTestId('nmbs-invoice-upload'));
    const errors = await screen.findByTestId('import-errors');
    expect(within(errors).getAllByRole('row')[1]).toHaveTextContent('3organismNumberThe organism number is 4 letters');
    expect(screen.getByTestId('nmbs-invoice-process')).toBeDisabled();
  });
});
