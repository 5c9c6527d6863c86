import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expectDashboard, openBrowser, signIn, type Session } from './browser';

// Issue 16's plugin purchases and NMBS settings, in English, against the
// demo: Acme has plugin purchases in each state, Jan's Blue-bike pass and
// Emma's Cambio card awaiting approval. Platform staff approve the first
// (the provider's mail is sent and shown), reject the second with a
// reason (it moves to the handled tab with its history), and change
// Acme's NMBS organism number, which Acme's admin then reads but cannot
// change (and set it back, as other specs upload invoices of ACME).
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

const SLOW = { timeout: 30_000 };

async function selectAcme(page: Page): Promise<void> {
  const selector = page.getByTestId('corporate-account-selector');
  await selector.click();
  await selector.fill('Acme');
  await page.getByRole('option', { name: /Acme NV/ }).first().click();
  await page.waitForFunction(() => Boolean(localStorage.getItem('portal.selectedCorporateAccountOspId')));
}

describe('plugin purchases', () => {
  it('platform staff approve one purchase, read its e-mail, and reject another', { timeout: 120_000 }, async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'ospadmin');
    await expectDashboard(page);

    await page.goto('/orders/plugin-service');
    const table = page.getByTestId('purchases-table');
    const blueBike = table.getByRole('row').filter({ hasText: 'Blue-bike annual pass' });
    await blueBike.waitFor(SLOW);
    expect(await blueBike.getByTestId('purchase-state').textContent()).toBe('Awaiting approval');
    await blueBike.getByTestId('approve-purchase').click();
    await page.getByText('Approved: the request was e-mailed to Blue-bike').waitFor(SLOW);
    await blueBike.getByTestId('purchase-state').getByText('Requested').waitFor(SLOW);

    await blueBike.getByTestId('show-email').click();
    const mail = page.getByTestId('purchase-email');
    await mail.waitFor(SLOW);
    const text = await mail.textContent();
    expect(text).toContain('partners@blue-bike.example');
    expect(text).toContain('Blue-bike annual pass');
    expect(text).toContain('Jan Peeters');
    await page.keyboard.press('Escape');
    await mail.waitFor({ state: 'detached', ...SLOW });

    const cambio = table.getByRole('row').filter({ hasText: 'Cambio Start card' });
    await cambio.getByTestId('reject-purchase').click();
    await page.getByTestId('confirm-reject').click();
    await page.getByText('Reason is required').waitFor(SLOW);
    await page.getByTestId('reject-reason').fill('Cambio is offered through the company pool cars');
    await page.getByTestId('confirm-reject').click();
    await page.getByText('Purchase rejected').waitFor(SLOW);
    await cambio.waitFor({ state: 'detached', ...SLOW });

    await page.getByRole('tab', { name: 'Handled plugins' }).click();
    await page.waitForURL(/\/orders\/handled-plugins/);
    const handled = page.getByTestId('purchases-table').getByRole('row').filter({ hasText: 'Cambio Start card' });
    await handled.waitFor(SLOW);
    expect(await handled.getByTestId('purchase-state').textContent()).toBe('Rejected');
    await handled.getByRole('button', { name: 'History' }).click();
    const history = page.getByTestId('purchase-history');
    await history.waitFor(SLOW);
    expect(await page.getByRole('dialog').textContent()).toContain('Cambio is offered through the company pool cars');
    expect(await history.textContent()).toContain('Awaiting approval → Rejected');
  });
});

describe('NMBS settings', () => {
  it('platform staff change Acme organism number; Acme reads it', { timeout: 120_000 }, async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'ospadmin');
    await expectDashboard(page);
    await selectAcme(page);
    await page.goto('/company/products/nmbs-subscription');
    const organism = page.getByTestId('nmbs-organism-number');
    await organism.waitFor(SLOW);
    expect(await organism.inputValue()).toBe('ACME');
    await organism.fill('AC1');
    await organism.blur();
    await page.getByText('Organism number must be exactly 4 letters (A-Z)').waitFor(SLOW);
    await organism.fill('acmb');
    await page.getByTestId('save-nmbs').click();
    await page.getByText('NMBS settings saved').waitFor(SLOW);
    await page.reload();
    await organism.waitFor(SLOW);
    expect(await organism.inputValue()).toBe('ACMB');
    await session.close();

    session = await openBrowser({ language: 'en' });
    await signIn(session.page, 'acme.admin');
    await expectDashboard(session.page);
    await session.page.goto('/company/products/nmbs-subscription');
    await session.page.getByTestId('nmbs-organism-number').waitFor(SLOW);
    expect(await session.page.getByTestId('nmbs-organism-number').inputValue()).toBe('ACMB');
    expect(await session.page.getByTestId('save-nmbs').count()).toBe(0);
    await session.page.getByText('Your MSP or the platform changes these settings.').waitFor(SLOW);
    await session.close();

    // back to the demo's number: NMBS invoice lines must carry the company's
    // organism number (nmbs-invoices.spec uploads ACME's)
    session = await openBrowser({ language: 'en' });
    await signIn(session.page, 'ospadmin');
    await expectDashboard(session.page);
    await selectAcme(session.page);
    await session.page.goto('/company/products/nmbs-subscription');
    await session.page.getByTestId('nmbs-organism-number').waitFor(SLOW);
    await session.page.getByTestId('nmbs-organism-number').fill('ACME');
    await session.page.getByTestId('save-nmbs').click();
    await session.page.getByText('NMBS settings saved').waitFor(SLOW);
  });
});
