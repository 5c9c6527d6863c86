import { afterEach, describe, expect, it } from 'vitest';
import { baseUrl, expectDashboard, openBrowser, signIn, staffToken, type Session } from './browser';

// Provider data (issue 15): platform staff upload an NMBS file with one
// ticket on Emma Claes's MOBIB card (the demo gives her one:
// seed.DemoMobibCards), see the check's report, process it, and find the
// expense on Emma's expenses tab. Emma's mobility budget gets a small
// top-up through the API first, so the ticket never meets an empty budget
// whatever the demo's year spent.

const EMMA_CARD = '1000000000000001';
const SLOW = { timeout: 30_000 };

let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

/** Today in Europe/Brussels (the portal's business day), yyyy-MM-dd. */
function brusselsToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

async function post<T>(token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as T;
}

/** Emma's mobility budget gets 20 € (platform staff, as on the budget screen). */
async function topUpEmma(): Promise<void> {
  const token = await staffToken();
  const page = await post<{ content: { ospId: string; login?: string }[] }>(token, '/portal-service/v1/user/findByAny', {
    search: 'emma.claes',
    pagination: { page: 1, size: 10 },
  });
  const emma = page.content.find((u) => u.login === 'emma.claes') ?? page.content[0];
  expect(emma, 'Emma Claes in the demo').toBeTruthy();
  const budgets = await post<{ ospId: string; budgetType: string }[]>(token, '/portal-service/v1/budget/getByOwner', {
    ownerOspId: emma!.ospId,
    budgetType: 'MOBILITY_BUDGET',
  });
  expect(budgets.length).toBeGreaterThan(0);
  await post(token, '/portal-service/v1/budget/transaction/addForUser', {
    budgetOspId: budgets[0]!.ospId,
    amount: 2000,
    description: 'E2E top-up for the NMBS upload',
  });
}

describe('provider uploads', () => {
  it('platform staff upload an NMBS file, see the report, process it and find the expense on the user', async () => {
    await topUpEmma();
    const ticket = `E2E${Date.now()}`;
    const product = `E2E ticket ${ticket}`;
    const csv =
      'ticketNumber;mobibCardNumber;travelDate;departureStation;arrivalStation;travelClass;productName;priceInclVat;vatRate\n' +
      `${ticket};${EMMA_CARD};${brusselsToday()};Leuven;Brussel-Zuid;2;${product};3.10;6\n`;

    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'ospadmin');
    await expectDashboard(page);
    await page.goto('/uploads/nmbs');
    await page.getByRole('tab', { name: 'NMBS', selected: true }).waitFor(SLOW);

    await page.locator('input[type="file"]').setInputFiles({ name: 'nmbs-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('upload-submit').click();

    // the check: valid, one line to book for Emma
    const status = page.getByTestId('upload-status');
    await status.waitFor(SLOW);
    expect(await status.textContent()).toContain('The file is valid: 1 lines');
    const reportRow = page.getByTestId('upload-report-lines').locator('tbody tr');
    await expect.poll(() => reportRow.count()).toBe(1);
    expect(await reportRow.textContent()).toContain('To book');
    expect(await reportRow.textContent()).toContain(ticket);

    // process: booked, with the booking id
    await page.getByTestId('upload-process').click();
    const resultRow = page.getByTestId('upload-result-lines').locator('tbody tr');
    await resultRow.first().waitFor(SLOW);
    expect(await resultRow.textContent()).toContain('Booked');
    expect(await resultRow.textContent()).toContain(`NMBS-${ticket}`);
    expect(await page.getByTestId('upload-counts').textContent()).toContain('1 booked');

    // the history lists the file
    await expect.poll(async () => (await page.getByTestId('upload-history').textContent()) ?? '', SLOW).toContain('nmbs-e2e.csv');

    // the expense on Emma's expenses tab
    await page.getByRole('link', { name: "The user's expenses (line 2)" }).click();
    await page.waitForURL(/\/manage\/app-users\/[^/]+\/expenses/, SLOW);
    await page.getByText(product, { exact: false }).first().waitFor(SLOW);
    expect(await page.locator('main').textContent()).toMatch(/3[.,]10/);
  });
});
