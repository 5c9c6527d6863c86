import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, type Session } from './browser';
import { signInAsAcmeAdmin } from './people';

// A user's trips from scratch to money (issue 13): Acme's admin gives
// Nathalie Lambert (the demo's Acme user without any trip configuration,
// registrations or commuting budget: seed.TripFreeAcmeUser) a commuting
// budget, her commute distance and the bike, registers two bike commutes of
// the previous month and approves them; the monthly job (the real binary,
// on the test's database) pays them into her commuting budget. It needs a
// fresh demo: Nathalie's previous month can be paid only once.
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

const USER = 'Nathalie Lambert';
const SLOW = { timeout: 30_000 };

/** Today in Europe/Brussels (the portal's business day), yyyy-MM-dd. */
function brusselsToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The previous month (the closed month the run pays): yyyyMM, its first
 * day and its first weekday after the 1st, as the screens show them
 * (dd/MM/yyyy) and yyyy-MM-dd.
 */
function previousMonth(today: string) {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const y = month === 1 ? year - 1 : year;
  const m = month === 1 ? 12 : month - 1;
  let day = 2;
  while ([0, 6].includes(new Date(Date.UTC(y, m - 1, day)).getUTCDay())) day++;
  return {
    year: y,
    month: m,
    yyyyMM: `${y}${pad(m)}`,
    firstShown: `01/${pad(m)}/${y}`,
    dayShown: `${pad(day)}/${pad(m)}/${y}`,
  };
}

/** `portal jobs run --at today --force` on the test's database; its output. */
function runJobs(today: string): string {
  return execFileSync(fileURLToPath(new URL('../../bin/portal', import.meta.url)), ['jobs', 'run', '--at', today, '--force'], {
    env: { ...process.env, PORTAL_DATABASE_URL: process.env.PORTAL_E2E_DB ?? '', PORTAL_LOG_LEVEL: 'error' },
    timeout: 120_000,
  }).toString();
}

/** Picks a month in the open registrations' month picker (it opens on the current year). */
async function pickMonth(page: Page, year: number, month: number): Promise<void> {
  await page.getByTestId('registrations-month').click();
  const dropdown = page.locator('.mantine-Popover-dropdown').last();
  await dropdown.waitFor();
  if (year < new Date().getFullYear()) await dropdown.locator('[data-direction="previous"]').click();
  const label = new Date(year, month - 1, 1).toLocaleString('en-US', { month: 'short' });
  await dropdown.getByRole('button', { name: label, exact: true }).click();
  await dropdown.waitFor({ state: 'hidden' });
}

/** Adds a bike commute on a day (dd/MM/yyyy) through the dialog, with the distance configured for that day. */
async function addBikeCommute(page: Page, day: string, direction: 'To work' | 'Back home'): Promise<void> {
  await page.getByTestId('registrations-add').click();
  const dialog = page.getByRole('dialog', { name: 'Add a registration' });
  await dialog.waitFor();
  await page.getByTestId('registration-date').fill(day);
  // Close the calendar without closing the dialog (Escape would close both).
  await dialog.getByRole('heading', { name: 'Add a registration' }).click();
  await page.getByTestId('registration-kind').click();
  await page.getByRole('option', { name: 'Commute', exact: true }).click();
  await page.getByTestId('registration-mode').click();
  await page.getByRole('option', { name: 'Bike', exact: true }).click();
  await page.getByTestId('registration-direction').click();
  await page.getByRole('option', { name: direction, exact: true }).click();
  expect(await page.getByTestId('registration-date').inputValue()).toBe(day);
  await page.getByTestId('registration-submit').click();
  await dialog.waitFor({ state: 'detached', ...SLOW });
}

/** The rows of the registrations table, as text. */
async function registrationRows(page: Page): Promise<string[]> {
  return page.getByTestId('trip-registrations').locator('tbody tr').allTextContents();
}

describe('trips', () => {
  it('an admin configures a user\'s commute, adds registrations, and after the run sees the compensation on her budget', async () => {
    const today = brusselsToday();
    const prev = previousMonth(today);
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsAcmeAdmin(page);

    // Nathalie's page, found through the app users' search.
    await page.getByTestId('menu-appUsers').click();
    await page.waitForURL(/\/manage\/app-users(\?|$)/);
    await page.getByTestId('app-users-search').fill('Lambert');
    await page.getByTestId('app-users-table').getByRole('link', { name: USER }).click(SLOW);
    await page.waitForURL(/\/manage\/app-users\/[0-9a-f-]{36}\//);
    expect(await page.getByTestId('user-name').textContent()).toBe(USER);
    const userOspId = /\/manage\/app-users\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';
    expect(userOspId).not.toBe('');

    // 1. A commuting budget (manual: it only moves by what is paid into it).
    await page.getByTestId('tab-budgets').click();
    await page.getByTestId('budget-card-CAFETERIA_BUDGET').waitFor(SLOW);
    expect(await page.getByTestId('budget-card-COMMUTING_BUDGET').count()).toBe(0);
    await page.getByTestId('add-budget').click();
    await page.waitForURL(/\/budgets\/add\?userOspId=/);
    await page.getByTestId('budget-type').click();
    await page.getByRole('option', { name: 'Commuting budget', exact: true }).click();
    await page.getByTestId('budget-type-info').waitFor();
    await page.getByTestId('budget-frequency').click();
    await page.getByRole('option', { name: 'Manual', exact: true }).click();
    await page.getByTestId('budget-start-amount').fill('0');
    await page.getByTestId('budget-submit').click();
    await page.waitForURL(/\/manage\/app-users\/[0-9a-f-]{36}\/budgets/, SLOW);
    const commuting = page.getByTestId('budget-card-COMMUTING_BUDGET');
    await commuting.waitFor(SLOW);
    expect((await commuting.getByTestId('budget-balance').textContent())?.trim()).toBe('€0.00');

    // 2. Her distance, valid from the previous month's first day, and the bike.
    await page.getByTestId('tab-trip-configuration').click();
    await page.getByTestId('trip-configuration').waitFor(SLOW);
    const current = page.getByTestId('trip-current-distance');
    expect(await current.textContent()).toBe('No distance has been set.');
    await page.getByLabel(/^Valid from/).fill(prev.firstShown);
    await page.getByRole('heading', { name: 'Commuting distance (one way)' }).click();
    await page.getByTestId('trip-distance').fill('5');
    await page.getByTestId('trip-distance-save').click();
    await current.filter({ hasText: `Today: 5 km, valid from ${prev.firstShown}.` }).waitFor(SLOW);
    await page.getByTestId('trip-distance-history').getByText('current').waitFor();

    const bike = page.getByTestId('trip-mode-BIKE');
    expect(await bike.isDisabled()).toBe(false);
    await bike.check();
    const modesSaved = page.waitForResponse((r) => r.url().endsWith('/commute/user/update') && r.request().method() === 'POST', SLOW);
    await page.getByTestId('trip-modes-save').click();
    expect((await modesSaved).status()).toBe(200);
    await page.reload();
    await page.getByTestId('trip-configuration').waitFor(SLOW);
    expect(await page.getByTestId('trip-mode-BIKE').isChecked()).toBe(true);
    expect(await page.getByTestId('trip-current-distance').textContent()).toContain('Today: 5 km');

    // 3. Two bike commutes on a weekday of the previous month, €1.35 each (5 km × €0.27).
    await page.getByTestId('tab-trip-registrations').click();
    await page.waitForURL(/\/trip-registrations/);
    await pickMonth(page, prev.year, prev.month);
    await page.waitForURL(new RegExp(`month=${prev.yyyyMM}`));
    await page.getByText('No registrations.').waitFor(SLOW);
    await addBikeCommute(page, prev.dayShown, 'To work');
    await addBikeCommute(page, prev.dayShown, 'Back home');
    await expect.poll(async () => (await registrationRows(page)).filter((r) => r.includes('Registered')).length, SLOW).toBe(2);
    const rows = await registrationRows(page);
    expect(rows).toHaveLength(2);
    expect(rows.some((r) => r.includes('To work'))).toBe(true);
    expect(rows.some((r) => r.includes('Back home'))).toBe(true);
    for (const row of rows) {
      expect(row).toContain(prev.dayShown);
      expect(row).toContain('Commute');
      expect(row).toContain('Bike');
      expect(row).toContain('€1.35');
      expect(row).toContain('Registered');
    }

    // Approve both (the two rows share a date, so the same button name).
    const approve = page.getByRole('button', { name: `Approve the registration of ${prev.dayShown}` });
    for (const left of [1, 0]) {
      await approve.first().click();
      await expect.poll(() => approve.count(), SLOW).toBe(left);
    }
    await expect.poll(async () => (await registrationRows(page)).filter((r) => r.includes('Approved')).length, SLOW).toBe(2);

    // 4. The monthly job pays the previous month.
    const out = runJobs(today);
    const line = out.split('\n').find((l) => l.includes(' trip-compensation: ')) ?? '';
    expect(line, out).toMatch(new RegExp(`^${today} trip-compensation: done ${prev.yyyyMM}: \\d+ users paid \\d+ cents for \\d+ registrations`));
    const [, users, cents, registrations] = / (\d+) users paid (\d+) cents for (\d+) registrations/.exec(line) ?? [];
    expect(Number(users)).toBeGreaterThanOrEqual(1);
    expect(Number(cents)).toBeGreaterThanOrEqual(270);
    expect(Number(registrations)).toBeGreaterThanOrEqual(2);

    // 5. Both paid; the commuting budget got €2.70 as one top-up.
    await page.reload();
    await expect.poll(async () => (await registrationRows(page)).filter((r) => r.includes('Paid')).length, SLOW).toBe(2);
    expect(await approve.count()).toBe(0);

    await page.goto(`/manage/app-users/${userOspId}/budgets`);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="budget-card-COMMUTING_BUDGET"] [data-testid="budget-balance"]')?.textContent?.trim() === '€2.70',
      undefined,
      SLOW,
    );
    await page.getByTestId('budget-card-COMMUTING_BUDGET').getByTestId('open-budget').click();
    await page.waitForURL(/\/budgets\/[0-9a-f-]{36}/);
    await page.getByTestId('budget-detail-balance').filter({ hasText: '€2.70' }).waitFor(SLOW);
    const tx = page.getByTestId('budget-transactions').locator('tbody tr').filter({ hasText: `trip compensation ${prev.yyyyMM}` });
    await tx.waitFor(SLOW);
    const text = (await tx.textContent()) ?? '';
    expect(text).toContain('Top-up');
    expect(text).toContain('€2.70');
    expect(await page.getByTestId('budget-transactions').locator('tbody tr').count()).toBe(1);
  }, 300_000);
});
