import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectDashboard, openBrowser, signIn, staffToken, type Session } from './browser';

// finance/invoices: an invoice manager (the demo's acme.admin holds
// invoice_manager) filters the invoices by status and month range, downloads
// one PDF and the ZIP of the filtered PDFs. The invoices are the demo's; the
// run for the two closed months before this one is asked as platform staff
// first (a run creates only what is missing, so it is a no-op when the demo
// already issued them).

let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

/** yyyyMM of the month `back` months before the current one. */
function monthBefore(back: number): string {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - back);
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}`;
}
const FROM = monthBefore(2);
const TO = monthBefore(1);

beforeAll(async () => {
  const token = await staffToken();
  for (const month of [FROM, TO]) {
    const res = await fetch(`${baseUrl()}/portal-service/v1/invoice/run`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ month }),
    });
    expect(res.status, `invoice/run ${month}: ${await res.clone().text()}`).toBe(200);
  }
});

/** The names of a ZIP's entries, read from its central directory. */
function zipEntries(bytes: Buffer): string[] {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'a ZIP end-of-central-directory record').toBeGreaterThanOrEqual(0);
  const count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    expect(bytes.readUInt32LE(offset)).toBe(0x02014b50);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    names.push(bytes.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** Clicks, sees SPEC §8's "download started" message while it runs, and reads the saved file. */
async function saved(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const download = page.waitForEvent('download');
  await click();
  await page.getByText('The download has started.').first().waitFor();
  const file = await download;
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

/** Picks a month in an open month picker (the pickers open on the current year). */
async function pickMonth(page: Page, testId: string, month: string): Promise<void> {
  await page.getByTestId(testId).click();
  const dropdown = page.locator('.mantine-Popover-dropdown').last();
  const year = Number(month.slice(0, 4));
  if (year < new Date().getFullYear()) await dropdown.locator('[data-direction="previous"]').click();
  const label = new Date(year, Number(month.slice(4, 6)) - 1, 1).toLocaleString('en-US', { month: 'short' });
  await dropdown.getByRole('button', { name: label, exact: true }).click();
  // the next picker must not find this one's dropdown still open (a click
  // there would pick into this picker)
  await page.keyboard.press('Escape');
  await dropdown.waitFor({ state: 'hidden' });
}

describe('finance', () => {
  it('an invoice manager filters invoices, downloads a PDF and the ZIP of the filtered PDFs', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'acme.admin');
    await expectDashboard(page);
    await page.getByTestId('menu-invoices').click();
    await page.waitForURL(/\/finance\/invoices/);
    const table = page.getByTestId('invoices-table');
    await table.locator('tbody tr').first().waitFor();

    // Status: every status an issued invoice of the demo can have but CREATED.
    await page.getByTestId('invoice-status-filter').click();
    for (const status of ['Sent', 'Paid', 'Insufficient payment', 'Excessive payment']) {
      await page.getByRole('option', { name: status, exact: true }).click();
    }
    await page.keyboard.press('Escape');
    await pickMonth(page, 'invoice-month-from', FROM);
    await pickMonth(page, 'invoice-month-to', TO);
    await page.waitForURL((url) => url.searchParams.get('from') === FROM && url.searchParams.get('to') === TO);
    expect(new URL(page.url()).searchParams.get('status')).toBe('SENT,PAID,INSUFFICIENT_PAYMENT,EXCESSIVE_PAYMENT');

    // The rows the filters leave: only those months and statuses.
    const display = (m: string) => `${m.slice(4, 6)}/${m.slice(0, 4)}`;
    await page.waitForFunction(
      (months) => {
        const rows = [...document.querySelectorAll('[data-testid="invoices-table"] tbody tr')];
        return rows.length > 0 && rows.every((row) => months.some((m) => row.textContent?.includes(m)));
      },
      [display(FROM), display(TO)],
    );
    const rows = table.locator('tbody tr');
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    const statuses = await table.getByTestId('invoice-status').evaluateAll((badges) => badges.map((b) => b.getAttribute('data-status')));
    expect(statuses.every((s) => s !== 'CREATED')).toBe(true);

    // One PDF, through the row's menu.
    const number = (await rows.first().locator('td').first().locator('p').first().textContent())!.trim();
    await rows.first().getByTestId('invoice-actions').click();
    const pdf = await saved(page, () => page.getByTestId('download-pdf').click());
    expect(pdf.name).toBe(`${number}.pdf`);
    expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // The ZIP of the filtered invoices' PDFs: one entry per invoice the filters match.
    await page.getByTestId('bulk-download').click();
    const zip = await saved(page, () => page.getByTestId('bulk-pdf').click());
    expect(zip.name).toBe('invoices-pdf.zip');
    expect(zip.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const entries = zipEntries(zip.bytes);
    const pages = await page.getByRole('button', { name: 'Next page' }).count();
    if (pages === 0) expect(entries).toHaveLength(count);
    expect(entries.every((name) => name.endsWith('.pdf'))).toBe(true);
    expect(entries.some((name) => name.includes(number))).toBe(true);
  });
});
