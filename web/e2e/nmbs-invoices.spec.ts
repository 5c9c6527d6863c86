import { afterEach, describe, expect, it } from 'vitest';
import { expectDashboard, openBrowser, signIn, type Session } from './browser';

// Issue 16's upload-nmbs-invoice page, in English, as Acme's admin (an
// invoice manager): from company/products to the page, an NMBS invoice
// of last month uploaded and checked line by line, processed, and found
// in the history. Each line's outcome depends on the orders processed last
// month: without the orders module every line is an unknown order.
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

const SLOW = { timeout: 30_000 };

function lastMonth(): { ym: string; first: string; last: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return { ym: iso(first).slice(0, 7).replace('-', ''), first: iso(first), last: iso(last) };
}

describe('NMBS invoices', () => {
  it("Acme's invoice manager uploads last month's NMBS invoice and reads each line's outcome", { timeout: 120_000 }, async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'acme.admin');
    await expectDashboard(page);

    await page.goto('/company/products/list');
    await page.getByTestId('upload-nmbs-invoice-link').click();
    await page.waitForURL(/\/company\/products\/upload-nmbs-invoice$/);
    await page.getByTestId('nmbs-invoice-company').waitFor(SLOW);
    expect(await page.getByTestId('nmbs-invoice-company').textContent()).toBe('Invoices of Acme NV');

    const m = lastMonth();
    const invoice = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const file =
      'invoiceNumber;invoiceMonth;organismNumber;orderReference;mobibCardNumber;product;periodStart;periodEnd;amountInclVat;vatRate\n' +
      `${invoice};${m.ym};ACME;;99990000000000777;Trajectabonnement 2de klas;${m.first};${m.last};214.00;6\n` +
      `${invoice};${m.ym};ACME;;99990000000000778;Trajectabonnement 2de klas;${m.first};${m.last};98,50;6\n`;
    await page.locator('input[type="file"]').setInputFiles({ name: 'e2e-nmbs.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByTestId('nmbs-invoice-upload').click();
    const lines = page.getByTestId('nmbs-invoice-lines');
    await lines.waitFor(SLOW);
    const rows = lines.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain('99990000000000777');
    expect(await rows.nth(0).textContent()).toContain('Unknown order');
    expect(await rows.nth(1).textContent()).toContain('98.50');
    expect(await page.getByTestId('nmbs-invoice-report-status').textContent()).toContain(`Invoice month ${m.ym}: 2 line(s)`);

    // process by keyboard: focus the button and press Enter
    await page.getByTestId('nmbs-invoice-process').focus();
    await page.keyboard.press('Enter');
    const result = page.getByTestId('nmbs-invoice-process-report');
    await result.waitFor(SLOW);
    expect(await result.getByTestId('nmbs-invoice-report-counts').textContent()).toBe('Unknown order: 2');
    await page.getByTestId('nmbs-invoice-history').getByRole('button', { name: 'Download e2e-nmbs.csv' }).first().waitFor(SLOW);

    // the B-Parking tab, reached by keyboard, has its own columns and history
    await page.getByTestId('nmbs-invoice-tab-NMBS').focus();
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('nmbs-invoice-columns').filter({ hasText: 'cardNumber;parking' }).waitFor(SLOW);
  });

  it("a bad line's field and reason are listed and nothing can be processed", { timeout: 120_000 }, async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'acme.admin');
    await expectDashboard(page);
    await page.goto('/company/products/upload-nmbs-invoice');
    await page.getByTestId('nmbs-invoice-file').waitFor(SLOW);
    const m = lastMonth();
    const file =
      'invoiceNumber;invoiceMonth;organismNumber;mobibCardNumber;periodStart;periodEnd;amountInclVat;vatRate\n' +
      `E2E-BAD;${m.ym};AC1;99990000000000779;${m.first};${m.last};214.00;6\n`;
    await page.locator('input[type="file"]').setInputFiles({ name: 'e2e-bad.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByTestId('nmbs-invoice-upload').click();
    const errors = page.getByTestId('import-errors');
    await errors.waitFor(SLOW);
    expect(await errors.locator('tbody tr').first().textContent()).toContain('organismNumber');
    expect(await page.getByTestId('nmbs-invoice-process').isDisabled()).toBe(true);
  });
});
