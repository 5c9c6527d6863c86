import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expectDashboard, openBrowser, signIn, type Session } from './browser';
import { unique } from './people';

// The dashboard overview and the reporting screen (issue 10; SPEC §2
// Dashboard and Reporting, §8) against the real binary with the demo's
// year of history. Test ids keep these independent of the account's
// language (the demo accounts are Dutch, French and English).
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

const BASE_TILES = ['activeUsers', 'newUsers', 'expenses', 'transactions', 'negativeBudget'];

async function tiles(page: Page): Promise<string[]> {
  await page.getByTestId('tile-activeUsers-value').waitFor();
  return page
    .getByTestId('figure-tiles')
    .locator('[data-testid^="tile-"][data-clickable]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')!.replace('tile-', '')));
}

/** Both charts drew (or say there is nothing to draw), and each has its table. */
async function expectCharts(page: Page): Promise<void> {
  await page.getByTestId('timeline-points').waitFor();
  // The timeline covers the last 12 months: twelve points.
  expect(await page.getByTestId('timeline-points').getAttribute('data-points')).toBe('12');
  expect(await page.getByTestId('timeline-points').locator('svg .recharts-line').count()).toBeGreaterThan(0);
  await page.getByTestId('expenses-pie').waitFor();
  await page.getByTestId('timeline-chart-as-table').check({ force: true });
  await page.getByTestId('timeline-table').waitFor();
  expect(await page.getByTestId('timeline-table').locator('tbody tr').count()).toBe(12);
}

async function pieSlices(page: Page): Promise<number> {
  const pie = page.getByTestId('pie-chart');
  await pie.waitFor();
  return Number(await pie.getAttribute('data-slices'));
}

describe('dashboard overview', () => {
  it('a company admin sees the tiles and both charts, and a tile opens its screen', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'acme.admin');
    await expectDashboard(page);

    const shown = await tiles(page);
    expect(shown.slice(0, 5)).toEqual(BASE_TILES);
    expect(await page.getByTestId('active-companies-tile').count()).toBe(0);
    expect(Number(await page.getByTestId('tile-activeUsers-value').textContent())).toBeGreaterThan(0);
    await expectCharts(page);
    // Acme's year of expenses: the pie has slices, with amounts incl. VAT.
    expect(await pieSlices(page)).toBeGreaterThan(0);
    await page.getByTestId('pie-incl-vat').waitFor();
    // No per-company table for a company user.
    expect(await page.getByTestId('company-table').count()).toBe(0);

    // acme.admin is a reporting_manager: the report tiles open reporting.
    expect(await page.getByTestId('tile-newUsers-link').getAttribute('href')).toBe('/reporting');
    await page.getByTestId('tile-activeUsers-link').click();
    await page.waitForURL(/\/manage\/app-users/);
  });

  it('an MSP admin sees the active corporate accounts and the per-company table', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'msp.admin');
    await expectDashboard(page);

    // The active corporate accounts: the company listing of the filters (pages of 1000).
    const count = page.getByTestId('active-companies-count');
    await count.waitFor();
    expect(Number(await count.textContent())).toBeGreaterThan(0);
    await expectCharts(page);
    const table = page.getByTestId('company-table');
    await table.locator('tbody tr').first().waitFor();
    const names = await table.locator('tbody tr td:first-child').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThanOrEqual(5);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names); // name ascending
    expect(names).toContain('Acme NV');

    // The tile opens the corporate-accounts list.
    expect(await page.getByTestId('active-companies-tile').locator('a').getAttribute('href')).toBe('/corporate-accounts');
  });

  it('platform staff see every tile and both charts over all companies', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'ospadmin');
    await expectDashboard(page);

    const shown = await tiles(page);
    expect(shown.slice(0, 5)).toEqual(BASE_TILES);
    await page.getByTestId('active-companies-count').waitFor();
    await expectCharts(page);
    expect(await pieSlices(page)).toBeGreaterThan(0);
    await page.getByTestId('company-table').locator('tbody tr').first().waitFor();
    // Staff are reporting managers by role: the report tiles lead to reporting.
    await page.getByTestId('tile-expenses-link').click();
    await page.waitForURL(/\/reporting$/);
    await page.getByTestId('reporting-page').waitFor();
  });
});

describe('reporting', () => {
  it('a reporting manager downloads a report and adds a recipient', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'acme.admin');
    await expectDashboard(page);
    await page.getByTestId('menu-reporting').click();
    await page.waitForURL(/\/reporting$/);

    const table = page.getByTestId('reports-table');
    await table.locator('tbody tr').first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      table.locator('tbody tr').first().getByTestId('download-xlsx').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    // The "download started" message shows while it runs (at least a second).
    await page.locator('.mantine-Notification-root').first().waitFor();

    const email = `${unique('e2e.report.')}@example.com`;
    const type = 'MONTHLY_EXPENSES_PER_MOBILITY_MODE';
    const input = page.getByTestId(`recipient-email-${type}`);
    await input.fill('not-an-email');
    await page.getByTestId(`recipient-add-${type}`).click();
    await page.getByText('The email format seems to be wrong').waitFor();
    await input.fill(email);
    await page.getByTestId(`recipient-add-${type}`).click();
    await page.getByTestId(`recipients-${type}`).getByText(email).waitFor();
    // Stored: a reload still shows it.
    await page.reload();
    await page.getByTestId(`recipients-${type}`).getByText(email).waitFor();
  });
});
