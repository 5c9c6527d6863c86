import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import type { DownloadNotifier } from '@/lib/download';
import { notifyError } from '@/lib/notify';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import { toInvoiceFilter } from './api/filters';
import { downloadBulk, downloadDocument } from './api/invoices';
import type { Invoice, InvoicePage } from './api/types';
import InvoicesPage from './components/InvoicesPage';
import { paySchema } from './components/PayDialog';
import { staffActionsFor } from './components/RowActions';
import SelfBillingInvoicesPage from './components/SelfBillingInvoicesPage';
import { STATUS_COLORS } from './components/StatusBadge';

// finance/invoices and finance/self-billing-invoices against mocked answers
// (SPEC §2, §3 statuses, §5 ranges, §8 download messages).

vi.mock('@/lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));
// The pages render Mantine's inputs and menus: on a busy machine that takes seconds. Their
// dropdowns may still be display:none in jsdom (the transition), hence hidden: true.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

const invoice = (number: string, overrides: Partial<Invoice> = {}): Invoice => ({
  ospId: `id-${number}`,
  kind: 'INVOICE',
  number,
  month: '202609',
  issueDate: '2026-10-01',
  dueDate: '2026-10-31',
  status: 'SENT',
  corporateAccountOspId: 'ca-1',
  corporateAccountName: 'Acme NV',
  netAmount: 10000,
  vatAmount: 2100,
  totalAmount: 12100,
  prepaidAmount: 0,
  payableAmount: 12100,
  paidAmount: 0,
  paymentReference: '+++090/9337/55493+++',
  sendingMethod: 'EMAIL',
  peppolStatus: '',
  hasDetail: true,
  ...overrides,
});

const rows: Invoice[] = [
  invoice('INV-2026-000010', { status: 'CREATED' }),
  invoice('INV-2026-000009', { status: 'SENT', sendingMethod: 'PEPPOL', peppolStatus: 'PENDING' }),
  invoice('INV-2026-000008', { status: 'PAID', paidAmount: 12100, creditNoteNumber: 'INV-2026-000011' }),
  invoice('INV-2026-000007', { status: 'INSUFFICIENT_PAYMENT', paidAmount: 5000 }),
  invoice('INV-2026-000006', { status: 'EXCESSIVE_PAYMENT', paidAmount: 20000 }),
  invoice('INV-2026-000011', { kind: 'CREDIT_NOTE', creditedInvoiceNumber: 'INV-2026-000008', totalAmount: -12100, payableAmount: -12100 }),
];
const page = (content: Invoice[]): InvoicePage => ({
  content,
  page: 1,
  size: 10,
  totalPages: 1,
  totalElements: content.length,
  totalAmountSum: 123456,
  payableAmountSum: 100000,
  paidAmountSum: 23456,
});

let calls: Call[] = [];
const finds = () => calls.filter((c) => c.url.endsWith('/invoice/findByFilter'));

function server(extra?: (call: Call) => Response | undefined) {
  ({ calls } = mockFetch((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.url.endsWith('/invoice/findByFilter')) return jsonResponse(200, page(rows));
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  }));
}

const companyAdmin = makeUser({ roles: ['invoice_manager'] });
const staff = makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true, corporateAccount: null });

function renderPage(entry = '/finance/invoices', user = companyAdmin) {
  return renderRoutes(
    [
      { path: '/finance/invoices', element: <InvoicesPage /> },
      { path: '/finance/self-billing-invoices', element: <SelfBillingInvoicesPage /> },
    ],
    entry,
    newQueryClient(user),
  );
}

const rowOf = async (number: string) => (await screen.findByText(number)).closest('tr')!;

beforeEach(() => {
  resetApiClientForTests();
  setTokens({ token: 't', refreshToken: 'r' });
  vi.mocked(notifyError).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the filters and the findByFilter body', () => {
  it('sends only the filters in use, the company and the order', () => {
    const values = { statuses: [], monthFrom: '', monthTo: '', number: '' };
    expect(toInvoiceFilter(values, { corporateAccountOspId: null, selfBilling: false }, { page: 1, sort: null })).toEqual({
      pagination: { page: 1, size: 10 },
    });
    expect(
      toInvoiceFilter(
        { statuses: ['PAID'], monthFrom: '202601', monthTo: '202603', number: ' INV-2026 ' },
        { corporateAccountOspId: 'ca-1', selfBilling: false },
        { page: 2, sort: { property: 'totalAmount', direction: 'ASC' } },
      ),
    ).toEqual({
      corporateAccountOspId: 'ca-1',
      statuses: ['PAID'],
      monthFrom: '202601',
      monthTo: '202603',
      number: 'INV-2026',
      pagination: { page: 2, size: 10, sortOrders: [{ property: 'totalAmount', direction: 'ASC' }] },
    });
    // Self-billing: no company, the flag; a number longer than the server takes is cut.
    expect(toInvoiceFilter({ ...values, number: 'x'.repeat(40) }, { corporateAccountOspId: 'ca-1', selfBilling: true }, { page: 1, sort: null })).toEqual({
      selfBilling: true,
      number: 'x'.repeat(30),
      pagination: { page: 1, size: 10 },
    });
  });

  it('reads the filters from the URL and sends them', async () => {
    server();
    renderPage('/finance/invoices?status=PAID,BOGUS,SENT&from=202601&to=202606&search=INV-2026&page=2');
    await screen.findByText('INV-2026-000010');
    expect(finds()[0]!.body).toEqual({
      corporateAccountOspId: 'ca-1',
      statuses: ['PAID', 'SENT'],
      monthFrom: '202601',
      monthTo: '202606',
      number: 'INV-2026',
      pagination: { page: 2, size: 10 },
    });
    expect(screen.getByTestId('invoice-month-from')).toHaveTextContent('01/2026');
    expect(screen.getByTestId('invoice-month-to')).toHaveTextContent('06/2026');
  });

  it('shows an end month before the start month on the field and does not send it', async () => {
    server();
    renderPage('/finance/invoices?from=202606&to=202601');
    await screen.findByText('INV-2026-000010');
    expect(await screen.findByText('The end month cannot be before the start month')).toBeInTheDocument();
    expect(finds()[0]!.body).toEqual({ corporateAccountOspId: 'ca-1', monthFrom: '202606', pagination: { page: 1, size: 10 } });
  });

  it('searches the number 700 ms after the last keystroke and picks statuses', async () => {
    server();
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByText('INV-2026-000010');
    await user.type(screen.getByTestId('invoice-number-filter'), '0009');
    expect(finds().every((c) => !(c.body as { number?: string }).number)).toBe(true);
    await waitFor(() => expect(finds().at(-1)!.body).toMatchObject({ number: '0009' }), { timeout: 2_000 });
    expect(finds().filter((c) => (c.body as { number?: string }).number).length).toBe(1);

    await user.click(screen.getByTestId('invoice-status-filter'));
    await user.click(await screen.findByRole('option', { name: 'Insufficient payment', hidden: true }));
    await waitFor(() =>
      expect(finds().at(-1)!.body).toEqual({
        corporateAccountOspId: 'ca-1',
        statuses: ['INSUFFICIENT_PAYMENT'],
        number: '0009',
        pagination: { page: 1, size: 10 },
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('INSUFFICIENT_PAYMENT');
  });
});

describe('the list', () => {
  it('shows each status in its own colour, the credit note, Peppol pending and the totals', async () => {
    server();
    renderPage();
    const colours = new Set(Object.values(STATUS_COLORS));
    expect(colours.size).toBe(Object.keys(STATUS_COLORS).length);
    const expected = {
      'INV-2026-000010': ['CREATED', 'Created'],
      'INV-2026-000009': ['SENT', 'Sent'],
      'INV-2026-000008': ['PAID', 'Paid'],
      'INV-2026-000007': ['INSUFFICIENT_PAYMENT', 'Insufficient payment'],
      'INV-2026-000006': ['EXCESSIVE_PAYMENT', 'Excessive payment'],
    } as const;
    for (const [number, [status, label]] of Object.entries(expected)) {
      const badge = within(await rowOf(number)).getByTestId('invoice-status');
      expect(badge).toHaveAttribute('data-status', status);
      expect(badge).toHaveTextContent(label);
    }
    const credit = (await screen.findAllByText('INV-2026-000011'))[0]!.closest('tr')!;
    expect(within(credit).getByTestId('credit-note-badge')).toHaveTextContent('Credit note');
    expect(credit).toHaveTextContent('Credits INV-2026-000008');
    expect(await rowOf('INV-2026-000008')).toHaveTextContent('Credited by INV-2026-000011');
    expect(within(await rowOf('INV-2026-000009')).getByTestId('peppol-pending')).toHaveTextContent('Peppol pending');
    expect(await rowOf('INV-2026-000010')).toHaveTextContent('E-mail');
    // A company user sees one company: no company column.
    expect(screen.queryByRole('columnheader', { name: 'Company' })).not.toBeInTheDocument();
    const totals = screen.getByText('Totals').closest('tr')!;
    expect(within(totals).getAllByTestId('invoice-sum').map((s) => s.textContent)).toEqual(['€1,234.56', '€1,000.00', '€234.56']);
  });

  it('shows the company column to staff without a selection', async () => {
    server();
    renderPage('/finance/invoices', staff);
    await screen.findByText('INV-2026-000010');
    expect(screen.getByRole('columnheader', { name: 'Company' })).toBeInTheDocument();
    expect(finds()[0]!.body).toEqual({ pagination: { page: 1, size: 10 } });
  });

  it('offers invoice managers the documents only', async () => {
    server();
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf('INV-2026-000010')).getByTestId('invoice-actions'));
    const items = async () => (await screen.findAllByRole('menuitem', { hidden: true })).map((item) => item.textContent);
    expect(await items()).toEqual(['Download PDF', 'Download UBL XML', 'Download detail CSV']);
  });

  it('gives staff the staff actions a document allows', async () => {
    server();
    const user = userEvent.setup();
    renderPage('/finance/invoices', staff);
    await user.click(within(await rowOf('INV-2026-000010')).getByTestId('invoice-actions'));
    expect((await screen.findAllByRole('menuitem', { hidden: true })).map((item) => item.textContent)).toEqual([
      'Download PDF',
      'Download UBL XML',
      'Download detail CSV',
      'Record a payment',
      'Issue a credit note',
      'Send again',
    ]);
    // Credited already: no second credit note; a credit note or a self-billing invoice is sent, never paid.
    expect(staffActionsFor(rows[2]!, true)).toEqual(['pay', 'send']);
    expect(staffActionsFor(rows[5]!, true)).toEqual(['send']);
    expect(staffActionsFor({ kind: 'SELF_BILLING' }, true)).toEqual(['send']);
    expect(staffActionsFor(rows[0]!, false)).toEqual([]);
  });

  it('lists self-billing invoices with the partner and without payments', async () => {
    const sb = invoice('SB-2026-000001', { kind: 'SELF_BILLING', partnerName: 'RideOn', corporateAccountName: undefined });
    server((call) => (call.url.endsWith('/findByFilter') ? jsonResponse(200, page([sb])) : undefined));
    const user = userEvent.setup();
    renderPage('/finance/self-billing-invoices', staff);
    const row = await rowOf('SB-2026-000001');
    expect(row).toHaveTextContent('RideOn');
    expect(screen.getByRole('columnheader', { name: 'Partner' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Paid' })).not.toBeInTheDocument();
    expect(finds()[0]!.body).toEqual({ selfBilling: true, pagination: { page: 1, size: 10 } });
    await user.click(within(row).getByTestId('invoice-actions'));
    expect((await screen.findAllByRole('menuitem', { hidden: true })).map((i) => i.textContent)).toEqual([
      'Download PDF',
      'Download UBL XML',
      'Download detail CSV',
      'Send again',
    ]);
  });
});

describe('the pay dialog', () => {
  const t = i18n.getFixedT('en');
  const schema = paySchema(t, '2026-10-01', '2026-11-20');
  const errors = (values: Partial<{ amount: string; paymentDate: string; reference: string }>) => {
    const result = schema.safeParse({ amount: '121', paymentDate: '2026-11-02', reference: '', method: 'TRANSFER', ...values });
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('validates amount, date and reference', () => {
    expect(errors({})).toEqual([]);
    expect(errors({ amount: '-5.5' })).toEqual([]);
    expect(errors({ amount: '' })).toEqual(['amount: Amount is required']);
    expect(errors({ amount: '0' })).toEqual([expect.stringMatching(/^amount: /)]);
    expect(errors({ amount: '1.234' })).toEqual([expect.stringMatching(/^amount: /)]);
    expect(errors({ paymentDate: '' })).toEqual([expect.stringMatching(/^paymentDate: .*required/)]);
    expect(errors({ paymentDate: '2026-11-21' })).toEqual(['paymentDate: The payment date cannot be in the future']);
    expect(errors({ paymentDate: '2026-09-30' })).toEqual(['paymentDate: The payment date cannot be before the issue date (01/10/2026)']);
    expect(errors({ reference: 'r'.repeat(141) })).toEqual([expect.stringMatching(/^reference: /)]);
  });

  it('records the payment with an Idempotency-Key and shows the resulting status', async () => {
    const issued = invoice('INV-2026-000007', { status: 'INSUFFICIENT_PAYMENT', paidAmount: 5000, issueDate: dayjs().subtract(5, 'day').format('YYYY-MM-DD') });
    server((call) => {
      if (call.url.endsWith('/findByFilter')) return jsonResponse(200, page([issued]));
      if (call.url.endsWith('/invoice/pay')) return jsonResponse(200, { ...issued, status: 'PAID', paidAmount: 12100, lines: [], vat: [], payments: [] });
      return undefined;
    });
    const user = userEvent.setup();
    renderPage('/finance/invoices', staff);
    await user.click(within(await rowOf('INV-2026-000007')).getByTestId('invoice-actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Record a payment', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment for INV-2026-000007' });
    // The outstanding amount is offered.
    expect(within(dialog).getByTestId('pay-amount')).toHaveValue('€ 71.00');
    await user.clear(within(dialog).getByTestId('pay-amount'));
    await user.click(within(dialog).getByTestId('pay-submit'));
    expect(await within(dialog).findByText('Amount is required')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/invoice/pay'))).toBe(false);

    await user.type(within(dialog).getByTestId('pay-amount'), '71');
    await user.type(within(dialog).getByTestId('pay-reference'), '  BANK-42 ');
    await user.click(within(dialog).getByTestId('pay-submit'));
    const result = await within(dialog).findByTestId('pay-result');
    expect(within(result).getByTestId('invoice-status')).toHaveTextContent('Paid');
    const pay = calls.find((c) => c.url.endsWith('/invoice/pay'))!;
    expect(pay.body).toEqual({
      ospId: 'id-INV-2026-000007',
      amount: 7100,
      paymentDate: dayjs().format('YYYY-MM-DD'),
      reference: 'BANK-42',
      method: 'TRANSFER',
    });
    expect(pay.headers['Idempotency-Key']).toMatch(/^[\w-]{16,}$/);
    // The list is asked again for the new status.
    await waitFor(() => expect(finds().length).toBeGreaterThan(1));
  });

  it('issues a credit note with a reason and an Idempotency-Key', async () => {
    server((call) =>
      call.url.endsWith('/invoice/creditNote') ? jsonResponse(200, { ...rows[5], number: 'INV-2026-000012', lines: [], vat: [], payments: [] }) : undefined,
    );
    const user = userEvent.setup();
    renderPage('/finance/invoices', staff);
    await user.click(within(await rowOf('INV-2026-000010')).getByTestId('invoice-actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Issue a credit note', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue a credit note' });
    const confirm = within(dialog).getByRole('button', { name: 'Issue credit note' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByTestId('credit-note-reason'), 'Wrong month');
    await user.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/invoice/creditNote'))).toBe(true));
    const call = calls.find((c) => c.url.endsWith('/invoice/creditNote'))!;
    expect(call.body).toEqual({ ospId: 'id-INV-2026-000010', reason: 'Wrong month' });
    expect(call.headers['Idempotency-Key']).toBeTruthy();
  });
});

describe('downloads (SPEC §8)', () => {
  function recorder() {
    const events: string[] = [];
    const notifier: DownloadNotifier = {
      show: ({ kind }) => events.push(`show ${kind}`),
      hide: (id) => events.push(`hide ${id.endsWith('-long') ? 'long' : 'started'}`),
    };
    return { events, notifier };
  }
  const messages = { started: 's', long: 'l' };

  describe('with fake timers', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('shows the started message at least 1 s, then the long warning after 10 s', async () => {
      server((call) =>
        call.url.includes('/invoice/download/pdf/')
          ? new Response(new Blob(['%PDF-1.4']), { status: 200, headers: { 'Content-Type': 'application/pdf' } })
          : undefined,
      );
      const { events, notifier } = recorder();
      const saved: string[] = [];
      const done = downloadDocument({ invoice: rows[0]!, format: 'pdf', messages }, notifier, (_, name) => saved.push(name));
      await vi.advanceTimersByTimeAsync(999);
      expect(events).toEqual(['show started']);
      await vi.advanceTimersByTimeAsync(1);
      expect(await done).toBe('saved');
      expect(events).toEqual(['show started', 'hide started']);
      expect(saved).toEqual(['INV-2026-000010.pdf']);
      expect(calls[0]!.method).toBe('GET');
      expect(calls[0]!.url).toBe('/portal-service/v1/invoice/download/pdf/id-INV-2026-000010');
    });

    it('warns after 10 s when the ZIP takes long', async () => {
      ({ calls } = mockFetch(
        () => new Promise<Response>((resolve) => setTimeout(() => resolve(new Response(new Blob(['PK']), { status: 200 })), 12_000)),
      ));
      const { events, notifier } = recorder();
      const saved: string[] = [];
      const filter = { statuses: ['PAID' as const], pagination: { page: 1, size: 10 } };
      const done = downloadBulk({ filter, format: 'pdf', messages }, notifier, (_, name) => saved.push(name));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(events).toEqual(['show started', 'show long']);
      await vi.advanceTimersByTimeAsync(2_000);
      await done;
      expect(events.at(-1)).toBe('hide started');
      expect(saved).toEqual(['invoices-pdf.zip']);
      expect(calls[0]!.url).toBe('/portal-service/v1/invoice/downloadByFilter/pdf');
      expect(calls[0]!.body).toEqual(filter);
    });

    it("answers 'noDetail' for the detail CSV's 404, closing the started message at once", async () => {
      server((call) => (call.url.includes('/detail/csv/') ? jsonResponse(404, { errorLabel: 'INVOICE_DETAIL_NOT_FOUND' }) : undefined));
      const { events, notifier } = recorder();
      const saved: string[] = [];
      const done = downloadDocument({ invoice: rows[0]!, format: 'csv', messages }, notifier, (_, name) => saved.push(name));
      await vi.advanceTimersByTimeAsync(0);
      expect(await done).toBe('noDetail');
      expect(events).toEqual(['show started', 'hide started']);
      expect(saved).toEqual([]);
    });
  });

  it('lets any other failure of the detail CSV through as an error', async () => {
    server((call) => (call.url.includes('/detail/csv/') ? jsonResponse(404, { errorLabel: 'NOT_FOUND' }) : undefined));
    await expect(downloadDocument({ invoice: rows[0]!, format: 'csv', messages }, recorder().notifier, () => {})).rejects.toMatchObject({
      errorLabel: 'NOT_FOUND',
    });
  });

  it("tells SPEC §8's message when an invoice has no detail report", async () => {
    server((call) => (call.url.includes('/detail/csv/') ? jsonResponse(404, { errorLabel: 'INVOICE_DETAIL_NOT_FOUND' }) : undefined));
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf('INV-2026-000010')).getByTestId('invoice-actions'));
    await user.click(await screen.findByRole('menuitem', { name: 'Download detail CSV', hidden: true }));
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith('An invoice detail report does not exist for this corporate account and period.'),
    );
    expect(calls.find((c) => c.url.includes('/detail/csv/'))!.url).toBe('/portal-service/v1/invoice/detail/csv/id-INV-2026-000010');
  });

  it('downloads the filtered list as XLSX with the filters in use', async () => {
    const saved: string[] = [];
    server((call) => (call.url.endsWith('/invoice/download/xlsx') ? new Response(new Blob(['xlsx']), { status: 200 }) : undefined));
    await downloadBulk({ filter: { selfBilling: true, pagination: { page: 1, size: 10 } }, format: 'xlsx', messages }, recorder().notifier, (_, n) => saved.push(n));
    expect(saved).toEqual(['self-billing-invoices.xlsx']);
    expect(calls[0]!.body).toEqual({ selfBilling: true, pagination: { page: 1, size: 10 } });
  });
});
