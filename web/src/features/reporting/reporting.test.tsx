import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import type { DownloadNotifier } from '@/lib/download';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import { downloadReport, reportFileName } from './api/reports';
import { recipientSchema } from './components/recipientForm';
import { ReportingPage } from './components/ReportingPage';

// The reporting screen against mocked answers (SPEC §2 Reporting, §5, §8).

const report = {
  ospId: 'rep-1',
  reportType: 'MONTHLY_EXPENSES_PER_MOBILITY_MODE',
  reportMonth: '202610',
  reportPeriod: '202610',
  mspExtId: 'MOBI',
  corporateAccountExtId: 'ACME',
  corporateAccountOspId: 'ca-1',
  corporateAccountName: 'Acme NV',
  rowCount: 12,
  createdOn: '2026-11-01T02:00:00Z',
};
const types = {
  types: [
    { reportType: 'MONTHLY_EXPENSES_PER_MOBILITY_MODE', columns: [], yearly: false },
    { reportType: 'TRANSACTIONS_OF_THE_MONTH', columns: [], yearly: false },
  ],
};

let calls: Call[] = [];
const callsTo = (path: string) => calls.filter((c) => c.url.split('?')[0]!.endsWith(path));

function recorder() {
  const events: string[] = [];
  const notifier: DownloadNotifier = {
    show: ({ kind }) => events.push(`show ${kind}`),
    hide: (id) => events.push(`hide ${id.endsWith('-long') ? 'long' : 'started'}`),
  };
  return { events, notifier };
}

describe('report download messages (SPEC §8)', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  const answerAfter = (ms: number, status = 200) =>
    mockFetch(
      () =>
        new Promise<Response>((resolve) =>
          setTimeout(
            () =>
              resolve(
                status === 200
                  ? new Response(new Blob(['xlsx']), { status: 200, headers: { 'Content-Type': 'application/octet-stream' } })
                  : jsonResponse(status, { errorLabel: 'NOT_FOUND' }),
              ),
            ms,
          ),
        ),
    );

  it('asks for the stored file and shows the started message at least 1 s', async () => {
    ({ calls } = answerAfter(200));
    const { events, notifier } = recorder();
    const saved: string[] = [];
    const done = downloadReport(
      { report, format: 'csv', messages: { started: 's', long: 'l' } },
      notifier,
      (_, name) => saved.push(name),
    );
    expect(events).toEqual(['show started']);
    await vi.advanceTimersByTimeAsync(999);
    expect(events).toEqual(['show started']);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(events).toEqual(['show started', 'hide started']);
    expect(saved).toEqual(['monthly_expenses_per_mobility_mode_ACME_202610.csv']);
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url).toContain('/portal-service/v1/reporting/download/MONTHLY_EXPENSES_PER_MOBILITY_MODE?');
    const query = new URL(calls[0]!.url, 'http://x').searchParams;
    expect(query.get('reportOspId')).toBe('rep-1');
    expect(query.get('format')).toBe('csv');
  });

  it('warns after 10 s that it takes long', async () => {
    answerAfter(12_000);
    const { events, notifier } = recorder();
    const done = downloadReport({ report, format: 'xlsx', messages: { started: 's', long: 'l' } }, notifier, () => {});
    await vi.advanceTimersByTimeAsync(9_999);
    expect(events).toEqual(['show started']);
    await vi.advanceTimersByTimeAsync(1);
    expect(events).toEqual(['show started', 'show long']);
    await vi.advanceTimersByTimeAsync(2_000);
    await done;
    expect(events.at(-1)).toBe('hide started');
  });

  it('closes the started message at once on an error', async () => {
    answerAfter(300, 404);
    const { events, notifier } = recorder();
    const saved: string[] = [];
    const done = downloadReport({ report, format: 'xlsx', messages: { started: 's', long: 'l' } }, notifier, (_, n) => saved.push(n));
    const failed = expect(done).rejects.toBeTruthy();
    await vi.advanceTimersByTimeAsync(300);
    await failed;
    expect(events).toEqual(['show started', 'hide started']);
    expect(saved).toEqual([]);
    // And no long warning later.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(events).toEqual(['show started', 'hide started']);
  });

  it('names files by type, company and month', () => {
    expect(reportFileName({ ...report, corporateAccountExtId: '' }, 'xlsx')).toBe('monthly_expenses_per_mobility_mode_202610.xlsx');
  });
});

describe('recipient validation (SPEC §5: required and valid)', () => {
  const schema = recipientSchema(i18n.getFixedT('en'), ['boss@acme.test']);
  const message = (email: string) => {
    const result = schema.safeParse({ email });
    return result.success ? null : result.error.issues[0]!.message;
  };

  it('requires an address', () => {
    expect(message('')).toMatch(/required/i);
    expect(message('   ')).toMatch(/required/i);
  });

  it('refuses a malformed address with the SPEC text', () => {
    expect(message('not-an-email')).toBe('The email format seems to be wrong');
    expect(message('a@b')).toBe('The email format seems to be wrong');
  });

  it('refuses an address already on the list, in any case', () => {
    expect(message('BOSS@acme.test')).toMatch(/already/);
  });

  it('takes a valid new address', () => {
    expect(message('hr@acme.test')).toBeNull();
  });
});

describe('reporting screen', () => {
  let recipients: Record<string, string[]>;
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
    recipients = { MONTHLY_EXPENSES_PER_MOBILITY_MODE: ['boss@acme.test'] };
    ({ calls } = mockFetch(({ url, body }) => {
      const answer = () => ({
        corporateAccountOspId: 'ca-1',
        recipients: Object.entries(recipients).map(([reportType, emails]) => ({ reportType, emails })),
      });
      if (url.endsWith('/reporting/types')) return jsonResponse(200, types);
      if (url.endsWith('/reporting/findByFilter')) return jsonResponse(200, { content: [report], page: 1, size: 10, totalElements: 1, totalPages: 1 });
      if (url.endsWith('/reporting/recipient/get')) return jsonResponse(200, answer());
      if (url.endsWith('/reporting/recipient/add')) {
        const { reportType, emails } = body as { reportType: string; emails: string[] };
        recipients[reportType] = [...(recipients[reportType] ?? []), ...emails];
        return jsonResponse(200, answer());
      }
      if (url.endsWith('/reporting/recipient/remove')) {
        const { reportType, email } = body as { reportType: string; email: string };
        recipients[reportType] = (recipients[reportType] ?? []).filter((e) => e !== email);
        return jsonResponse(200, answer());
      }
      return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
    }));
  });

  const open = () => {
    const user = makeUser({ roles: ['reporting_manager'] });
    renderRoutes([{ path: '/reporting', element: <ReportingPage corporateAccountOspId="ca-1" /> }], '/reporting', newQueryClient(user));
    return userEvent.setup();
  };

  it('lists the company\'s reports and filters them by type', async () => {
    const user = open();
    const table = await screen.findByTestId('reports-table');
    await within(table).findByText('10/2026');
    expect(callsTo('/reporting/findByFilter')[0]!.body).toEqual({ corporateAccountOspId: 'ca-1', pagination: { page: 1, size: 10 } });
    await user.click(screen.getByTestId('report-type-filter'));
    await user.click(await screen.findByRole('option', { name: /Transactions of the month/, hidden: true }));
    await waitFor(() =>
      expect(callsTo('/reporting/findByFilter').at(-1)!.body).toMatchObject({ reportType: 'TRANSACTIONS_OF_THE_MONTH' }),
    );
  });

  it('adds a valid recipient, refuses an invalid one without a call, and removes one', async () => {
    const user = open();
    const input = await screen.findByTestId('recipient-email-MONTHLY_EXPENSES_PER_MOBILITY_MODE');
    await user.type(input, 'nope');
    await user.click(screen.getByTestId('recipient-add-MONTHLY_EXPENSES_PER_MOBILITY_MODE'));
    expect(await screen.findByText('The email format seems to be wrong')).toBeInTheDocument();
    expect(callsTo('/reporting/recipient/add')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'hr@acme.test');
    await user.click(screen.getByTestId('recipient-add-MONTHLY_EXPENSES_PER_MOBILITY_MODE'));
    const list = screen.getByTestId('recipients-MONTHLY_EXPENSES_PER_MOBILITY_MODE');
    await within(list).findByText('hr@acme.test');
    expect(callsTo('/reporting/recipient/add')[0]!.body).toEqual({
      corporateAccountOspId: 'ca-1',
      reportType: 'MONTHLY_EXPENSES_PER_MOBILITY_MODE',
      emails: ['hr@acme.test'],
    });
    expect(input).toHaveValue('');

    await user.click(within(list).getByRole('button', { name: /boss@acme\.test/ }));
    await waitFor(() => expect(within(list).queryByText('boss@acme.test')).toBeNull());
    expect(callsTo('/reporting/recipient/remove')[0]!.body).toMatchObject({ email: 'boss@acme.test' });
  });
});
