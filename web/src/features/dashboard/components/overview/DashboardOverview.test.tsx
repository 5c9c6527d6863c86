import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import type { SessionUser } from '@/lib/api/types';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import { DashboardOverview } from './DashboardOverview';
import { PIE_COLORS } from './rules';

// The overview against mocked reporting answers (SPEC §2 Dashboard, §4, §9).

const figures = (overrides: Record<string, unknown> = {}) => ({
  activeUsers: 42,
  newUsers: 3,
  expensesAmount: 123456,
  expensesCount: 17,
  transactionsCount: 55,
  negativeBudgetUsers: 2,
  companyBudget: null,
  activeCorporateAccounts: null,
  ...overrides,
});

interface Answers {
  figures?: ReturnType<typeof figures>;
  points?: { month: string; value: number }[];
  slices?: { key: string; label: string; count: number; totalPriceVatIncl: number }[];
  companies?: (page: number, sort: { property: string; direction: string }) => unknown;
}

let calls: Call[] = [];
const callsTo = (path: string) => calls.filter((c) => c.url.endsWith(path));

function setup(user: SessionUser, company: { ospId: string; paymentType: string } | null, answers: Answers = {}) {
  ({ calls } = mockFetch(({ url, body }) => {
    if (url.endsWith('/reporting/dashboard/figures')) return jsonResponse(200, answers.figures ?? figures());
    if (url.endsWith('/reporting/dashboard/timeline')) {
      return jsonResponse(200, { type: (body as { type: number }).type, points: answers.points ?? [{ month: '202611', value: 5 }] });
    }
    if (url.endsWith('/reporting/dashboard/pie')) {
      return jsonResponse(200, { type: (body as { type: number }).type, slices: answers.slices ?? [] });
    }
    if (url.endsWith('/reporting/dashboard/companies')) {
      const { pagination } = body as { pagination: { page: number; sortOrders: { property: string; direction: string }[] } };
      return jsonResponse(200, answers.companies?.(pagination.page, pagination.sortOrders[0]!) ?? { content: [], page: 1, size: 5, totalElements: 0, totalPages: 0 });
    }
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  }));
  const element = (
    <DashboardOverview
      user={user}
      companyOspId={company?.ospId ?? null}
      company={company}
      filters={{ partnerOspId: null, companyType: null }}
    />
  );
  const result = renderRoutes([{ path: '/dashboard', element }], '/dashboard', newQueryClient(user));
  return { ...result, user: userEvent.setup() };
}

beforeEach(() => {
  resetApiClientForTests();
  setTokens({ token: 't', refreshToken: 'r' });
});

const companyAdmin = makeUser({ roles: ['user_manager'] });
const reporter = makeUser({ roles: ['user_manager', 'reporting_manager'] });
const mspAdmin = makeUser({ isMsp: true, corporateAccount: null, roles: ['user_manager', 'reporting_manager'] });
const staff = makeUser({ isMsp: true, isOspAdmin: true, roles: ['ospadmin'], corporateAccount: null });
const prepaid = { ospId: 'ca-1', paymentType: 'PREPAID' };
const postpaid = { ospId: 'ca-1', paymentType: 'POSTPAID_WITH_SECURITY_DEPOSIT' };
const budget = { balance: 250000, threshold: 50000 };

const tileKeys = () =>
  within(screen.getByTestId('figure-tiles'))
    .getAllByTestId(/^tile-[a-zA-Z]+$/)
    .map((tile) => tile.getAttribute('data-testid')!.replace('tile-', ''));

describe('figure tiles', () => {
  it('asks for the current month of the company and shows its figures', async () => {
    setup(companyAdmin, prepaid);
    expect(await screen.findByTestId('tile-activeUsers-value')).toHaveTextContent('42');
    const body = callsTo('/reporting/dashboard/figures')[0]!.body as Record<string, string>;
    expect(body.corporateAccountOspId).toBe('ca-1');
    expect(body.monthFrom).toBe(body.monthTo);
    expect(body.monthFrom).toMatch(/^\d{6}$/);
    // The timeline covers the last 12 months.
    const timeline = callsTo('/reporting/dashboard/timeline')[0]!.body as { monthFrom: string; monthTo: string; type: number };
    const months = (Number(timeline.monthTo.slice(0, 4)) - Number(timeline.monthFrom.slice(0, 4))) * 12 + Number(timeline.monthTo.slice(4)) - Number(timeline.monthFrom.slice(4));
    expect(months).toBe(11);
    expect(timeline.type).toBe(0);
    expect(screen.getByTestId('tile-expenses-value')).toHaveTextContent(/1,234\.56|1\.234,56/);
    expect(screen.getByTestId('tile-expenses')).toHaveTextContent('17');
  });

  it('shows the company budget to a prepaid company, not to a postpaid one', async () => {
    setup(companyAdmin, prepaid, { figures: figures({ companyBudget: budget }) });
    await screen.findByTestId('tile-activeUsers-value');
    expect(tileKeys()).toEqual(['activeUsers', 'newUsers', 'expenses', 'transactions', 'negativeBudget', 'companyBudget']);
    expect(screen.getByTestId('tile-companyBudget')).toHaveTextContent(/2,500\.00|2\.500,00/);
    expect(screen.getByTestId('tile-companyBudget')).toHaveTextContent(/500\.00|500,00/);
  });

  it('hides the company budget from a postpaid company', async () => {
    setup(companyAdmin, postpaid, { figures: figures({ companyBudget: budget }) });
    await screen.findByTestId('tile-activeUsers-value');
    expect(tileKeys()).not.toContain('companyBudget');
    expect(tileKeys()).not.toContain('activeCompanies');
  });

  it('shows an MSP user the company budget when there is budget data', async () => {
    setup(mspAdmin, postpaid, { figures: figures({ companyBudget: budget, activeCorporateAccounts: 4 }) });
    await screen.findByTestId('tile-activeUsers-value');
    expect(tileKeys()).toEqual([
      'activeUsers', 'newUsers', 'expenses', 'transactions', 'negativeBudget', 'companyBudget',
    ]);
  });

  it('leaves the company budget out for an MSP user without budget data', async () => {
    setup(mspAdmin, null, { figures: figures({ activeCorporateAccounts: 4 }) });
    await screen.findByTestId('tile-activeUsers-value');
    expect(tileKeys()).not.toContain('companyBudget');
    // No company: the whole partner's figures.
    expect((callsTo('/reporting/dashboard/figures')[0]!.body as Record<string, unknown>).corporateAccountOspId).toBeUndefined();
  });

  it('makes the report tiles clickable only for reporting_manager', async () => {
    setup(companyAdmin, prepaid);
    await screen.findByTestId('tile-activeUsers-value');
    for (const tile of ['newUsers', 'expenses']) {
      expect(screen.getByTestId(`tile-${tile}`)).toHaveAttribute('data-clickable', 'false');
      expect(screen.queryByTestId(`tile-${tile}-link`)).toBeNull();
    }
    // The other tiles lead to their screens.
    expect(screen.getByTestId('tile-activeUsers-link')).toHaveAttribute('href', '/manage/app-users');
    expect(screen.getByTestId('tile-negativeBudget-link')).toHaveAttribute('href', '/manage/app-users?negative=true');
    expect(screen.getByTestId('tile-transactions-link')).toHaveAttribute('href', '/finance/all-transactions');
  });

  it('opens reporting from the report tiles for a reporting_manager', async () => {
    setup(reporter, prepaid, { figures: figures({ companyBudget: budget }) });
    await screen.findByTestId('tile-activeUsers-value');
    for (const tile of ['newUsers', 'expenses']) {
      expect(screen.getByTestId(`tile-${tile}-link`)).toHaveAttribute('href', '/reporting');
    }
    expect(screen.getByTestId('tile-companyBudget-link')).toHaveAttribute('href', '/finance/company-budget');
  });

  it('gives platform staff every link, reporting included', async () => {
    setup(staff, null, { figures: figures({ activeCorporateAccounts: 12 }) });
    await screen.findByTestId('tile-activeUsers-value');
    expect(screen.getByTestId('tile-newUsers-link')).toHaveAttribute('href', '/reporting');
    // Without a company the people screens cannot open; the transactions can for staff.
    expect(screen.queryByTestId('tile-activeUsers-link')).toBeNull();
    expect(screen.getByTestId('tile-transactions-link')).toHaveAttribute('href', '/finance/all-transactions');
  });
});

/**
 * The charts are a lazy chunk (recharts): the first test to draw one waits
 * for its import, which on a busy machine takes longer than findBy's 1 s.
 */
const findChart = (testId: string) => screen.findByTestId(testId, {}, { timeout: 15_000 });

describe('timeline', () => {
  it('draws one month as three identical points; the table shows the month once', async () => {
    const { user } = setup(companyAdmin, prepaid, { points: [{ month: '202611', value: 9 }] });
    const drawn = await findChart('timeline-points');
    expect(drawn).toHaveAttribute('data-points', '3');
    await user.click(screen.getByTestId('timeline-chart-as-table'));
    const rows = within(await screen.findByTestId('timeline-table')).getAllByRole('row');
    expect(rows).toHaveLength(2); // header + one month
    expect(rows[1]).toHaveTextContent('11/2026');
    expect(rows[1]).toHaveTextContent('9');
  });

  it('asks for the chosen type (0 transactions, 1 active users, 2 expenses)', async () => {
    const { user } = setup(companyAdmin, prepaid, {
      points: [{ month: '202610', value: 100 }, { month: '202611', value: 250 }],
    });
    expect(await findChart('timeline-points')).toHaveAttribute('data-points', '2');
    await user.click(screen.getByRole('radio', { name: /expenses/i }));
    await waitFor(() => expect(callsTo('/reporting/dashboard/timeline').map((c) => (c.body as { type: number }).type)).toContain(2));
    await user.click(screen.getByTestId('timeline-chart-as-table'));
    // Type 2 is an amount: cents shown as euros.
    expect(await screen.findByTestId('timeline-table')).toHaveTextContent(/2\.50|2,50/);
  });
});

describe('expenses pie', () => {
  const slices = (n: number, zeros = 0) => [
    ...Array.from({ length: n }, (_, i) => ({ key: `P${i}`, label: `Provider ${i}`, count: 1, totalPriceVatIncl: 100 * (i + 1) })),
    ...Array.from({ length: zeros }, (_, i) => ({ key: `Z${i}`, label: `Zero ${i}`, count: 0, totalPriceVatIncl: 0 })),
  ];

  it('leaves zero values out and says the amounts are incl. VAT', async () => {
    const { user } = setup(companyAdmin, prepaid, { slices: slices(3, 2) });
    const pie = await findChart('pie-chart');
    expect(pie).toHaveAttribute('data-slices', '3');
    expect(pie).toHaveAttribute('data-size', 'small');
    expect(screen.getByTestId('pie-incl-vat')).toHaveTextContent(/VAT/);
    expect(pie).not.toHaveTextContent('Zero');
    await user.click(screen.getByTestId('expenses-pie-as-table'));
    const rows = within(await screen.findByTestId('pie-table')).getAllByRole('row');
    expect(rows).toHaveLength(4);
  });

  it.each([
    [6, 'medium'],
    [11, 'large'],
    [16, 'extraLarge'],
  ])('with %i slices is %s', async (n, size) => {
    setup(companyAdmin, prepaid, { slices: slices(n, 1) });
    expect(await findChart('pie-chart')).toHaveAttribute('data-size', size);
  });

  it('colours the legend with the fixed colours', async () => {
    setup(companyAdmin, prepaid, { slices: slices(2) });
    const pie = await findChart('pie-chart');
    const swatches = pie.querySelectorAll('.mantine-ColorSwatch-colorOverlay');
    expect([...swatches].map((s) => (s as HTMLElement).style.backgroundColor)).toEqual(
      PIE_COLORS.slice(0, 2).map((c) => `var(--mantine-color-${c.replace('.', '-')})`),
    );
  });
});

describe('per-company table', () => {
  const rows = Array.from({ length: 7 }, (_, i) => ({
    corporateAccountOspId: `ca-${i}`,
    name: `Company ${String.fromCharCode(65 + i)}`,
    activeUsers: i,
    expensesAmount: 1005 + i, // €10.05…
    expensesCount: i,
    transactionsCount: i * 2,
    budgetBalance: i === 0 ? null : 10000 * i,
  }));
  const page = (n: number, sort: { property: string; direction: string }) => {
    const sorted = [...rows].sort((a, b) => (sort.direction === 'DESC' ? -1 : 1) * (sort.property === 'name' ? a.name.localeCompare(b.name) : a.activeUsers - b.activeUsers));
    return { content: sorted.slice((n - 1) * 5, n * 5), page: n, size: 5, totalElements: 7, totalPages: 2 };
  };

  it('is for MSP users only', async () => {
    setup(companyAdmin, prepaid);
    await screen.findByTestId('tile-activeUsers-value');
    expect(screen.queryByTestId('company-table')).toBeNull();
    expect(callsTo('/reporting/dashboard/companies')).toHaveLength(0);
  });

  it('asks for 5 rows by name ascending, shows cents as euros, pages and sorts', async () => {
    const { user } = setup(mspAdmin, null, { companies: page });
    const table = await screen.findByTestId('company-table');
    await within(table).findByText('Company A');
    const first = callsTo('/reporting/dashboard/companies')[0]!.body as { pagination: unknown };
    expect(first.pagination).toEqual({ page: 1, size: 5, sortOrders: [{ property: 'name', direction: 'ASC' }] });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(firstRow).toHaveTextContent(/10\.05|10,05/);
    expect(firstRow).toHaveTextContent('–'); // no company budget
    // A row opens its company: selected through the query parameter.
    expect(within(firstRow).getByRole('link')).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/company\/details\?corporateAccountOspId=/),
    );
    // The page's expenses summed in cents: 1005+1006+1007+1008+1009 = 5035 → €50.35.
    expect(screen.getByTestId('company-table-total')).toHaveTextContent(/50\.35|50,35/);

    await user.click(within(table).getByRole('button', { name: /2/ }));
    await within(table).findByText('Company F');
    expect((callsTo('/reporting/dashboard/companies').at(-1)!.body as { pagination: { page: number } }).pagination.page).toBe(2);

    // A click on a header sorts by it (and starts again at page 1); a second click turns the order.
    const sortName = within(table).getAllByRole('button').find((b) => /Company/.test(b.getAttribute('aria-label') ?? ''))!;
    await user.click(sortName);
    await waitFor(() =>
      expect((callsTo('/reporting/dashboard/companies').at(-1)!.body as { pagination: unknown }).pagination).toEqual({
        page: 1,
        size: 5,
        sortOrders: [{ property: 'name', direction: 'DESC' }],
      }),
    );
    await within(table).findByText('Company G');
  });
});

describe('company change (SPEC §4)', () => {
  it('applies a new company 700 ms after the change', async () => {
    ({ calls } = mockFetch(({ url }) => {
      if (url.endsWith('/reporting/dashboard/figures')) return jsonResponse(200, figures());
      if (url.endsWith('/reporting/dashboard/timeline')) return jsonResponse(200, { type: 0, points: [] });
      if (url.endsWith('/reporting/dashboard/pie')) return jsonResponse(200, { type: 0, slices: [] });
      return jsonResponse(200, { content: [], page: 1, size: 5, totalElements: 0, totalPages: 0 });
    }));
    function Switcher() {
      const [company, setCompany] = useState('ca-1');
      return (
        <>
          <button type="button" onClick={() => setCompany('ca-2')}>
            switch
          </button>
          <DashboardOverview
            user={mspAdmin}
            companyOspId={company}
            company={{ paymentType: 'PREPAID' }}
            filters={{ partnerOspId: null, companyType: null }}
          />
        </>
      );
    }
    renderRoutes([{ path: '/dashboard', element: <Switcher /> }], '/dashboard', newQueryClient(mspAdmin));
    const user = userEvent.setup();
    await screen.findByTestId('tile-activeUsers-value');
    const asked = () => callsTo('/reporting/dashboard/figures').map((c) => (c.body as { corporateAccountOspId?: string }).corporateAccountOspId);
    expect(asked()).toEqual(['ca-1']);
    const changed = Date.now();
    await user.click(screen.getByRole('button', { name: 'switch' }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(asked()).toEqual(['ca-1']);
    await waitFor(() => expect(asked()).toContain('ca-2'), { timeout: 2000 });
    expect(Date.now() - changed).toBeGreaterThanOrEqual(690);
  });
});
