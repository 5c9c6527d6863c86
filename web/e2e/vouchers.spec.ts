import { afterEach, describe, expect, it } from 'vitest';
import { expectDashboard, openBrowser, signIn, type Session } from './browser';

// Issue 15's vouchers and Cambio tabs, in English, against the demo: the
// demo loaded Acme's vouchers (Jan's used) and a Cambio invoice with one
// line left for later; platform staff load a new voucher file for Acme
// (upload, per-line check, process) and find the new code in the list.
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

const SLOW = { timeout: 30_000 };

describe('vouchers and Cambio files', () => {
  it('platform staff load vouchers for Acme and see the Cambio history', { timeout: 120_000 }, async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'ospadmin');
    await expectDashboard(page);
    const selector = page.getByTestId('corporate-account-selector');
    await selector.click();
    await selector.fill('Acme');
    await page.getByRole('option', { name: /Acme NV/ }).first().click();
    await page.waitForFunction(() => Boolean(localStorage.getItem('portal.selectedCorporateAccountOspId')));

    await page.goto('/uploads/vouchers');
    await page.getByTestId('voucher-company').waitFor(SLOW);
    expect(await page.getByTestId('voucher-company').textContent()).toBe('Vouchers for Acme NV');
    const list = page.getByTestId('voucher-list');
    const jan = list.getByRole('row').filter({ hasText: 'ACME-TAXI-0001' });
    await jan.waitFor(SLOW);
    expect(await jan.textContent()).toContain('Used');
    expect(await page.getByTestId('provider-history').textContent()).toContain('acme-vouchers.csv');

    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const file = `code;value;validFrom;validUntil;userOspId;description\n${code};12,50;2026-01-01;2099-12-31;;E2E voucher\n`;
    await page.locator('input[type="file"]').setInputFiles({ name: 'e2e-vouchers.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByTestId('provider-upload').click();
    await page.getByText('The file is valid and can be processed.').waitFor(SLOW);
    await page.getByTestId('provider-process').click();
    const result = page.getByTestId('provider-process-report');
    await result.waitFor(SLOW);
    expect(await result.getByTestId('provider-report-counts').textContent()).toBe('1 booked, 0 already processed, 0 failed');
    const mine = list.getByRole('row').filter({ hasText: code });
    await mine.waitFor(SLOW);
    expect(await mine.textContent()).toContain('€');
    expect(await mine.textContent()).toContain('Issued');
    await page.getByTestId('provider-history').getByRole('button', { name: 'Download e2e-vouchers.csv' }).waitFor(SLOW);

    await page.goto('/uploads/cambio');
    const history = page.getByTestId('provider-history');
    await history.getByText('Partly processed').waitFor(SLOW);
    expect(await history.textContent()).toContain('3 booked, 0 already processed, 1 failed');
    await page.getByTestId('cambio-file').getByText('Cambio CO2', { exact: true }).click();
    await page.waitForURL(/file=co2/);
    await history.getByText('cambio-co2.csv').waitFor(SLOW);
  });
});
