import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, type Session } from './browser';
import { signInAsAcmeAdmin } from './people';

// Season-card orders (issue 16): Acme's admin, a user manager, opens Order
// handling, finds the demo's open orders with masked national numbers,
// processes Sophie Dubois' order with an adjusted price, cancels Luc
// Willems' with a reason, and finds both among the handled orders.
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

const SLOW = { timeout: 30_000 };
const MASKED = /^\*\*\.\*\*\.\*\*-\*\*\*\.\d{2}$/;

describe('season-card orders', () => {
  it('a user manager processes one order with an adjusted price and cancels another with a reason', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsAcmeAdmin(page);

    await page.getByTestId('menu-orderHandling').click();
    await page.waitForURL(/\/order-handling\/season-card-orders$/);
    const open = page.getByTestId('open-orders-table');
    const sophie = open.locator('tbody tr', { hasText: 'Sophie Dubois' });
    await sophie.waitFor(SLOW);
    expect((await sophie.getByTestId('national-number').textContent())?.trim()).toMatch(MASKED);

    // the search narrows the list to one employee
    await page.getByTestId('filter-search').fill('Dubois');
    await page.getByTestId('filter-search').press('Enter');
    await page.waitForURL(/search=Dubois/);
    await open.locator('tbody tr', { hasText: 'Jan Peeters' }).waitFor({ state: 'detached', ...SLOW });

    // the details show the full national number to a handler
    await sophie.getByTestId('order-open-details').click();
    const details = page.getByTestId('order-details');
    await details.waitFor();
    expect((await page.getByTestId('details-national-number').textContent())?.trim()).toMatch(/^\d{2}\.\d{2}\.\d{2}-\d{3}\.\d{2}$/);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    // process with an adjusted price (the suggested budget is preselected)
    await sophie.getByTestId('order-process').click();
    const price = page.getByTestId('process-price');
    await price.waitFor();
    await price.fill('');
    await page.getByTestId('process-save').click();
    await page.getByText('Enter a price above zero').waitFor();
    await price.fill('45.50');
    // on her cafeteria budget: the demo's story spends her mobility budget
    // day by day, so late in a month it may hold less than the order
    // (each option says what its budget holds)
    await page.getByTestId('process-budget').click();
    await page.getByRole('option', { name: /^Cafeteria budget · / }).click();
    await page.getByText('Booked').waitFor();
    await page.getByTestId('process-save').click();
    await page.getByText('The order was processed and booked').waitFor(SLOW);
    await sophie.waitFor({ state: 'detached', ...SLOW });

    // cancel Luc's order: the reason is required
    await page.getByTestId('filter-search').fill('');
    await page.getByTestId('filter-search').press('Enter');
    const luc = open.locator('tbody tr', { hasText: 'Luc Willems' });
    await luc.waitFor(SLOW);
    await luc.getByTestId('order-cancel').click();
    await page.getByTestId('cancel-save').click();
    await page.getByText('The reason is required').waitFor();
    await page.getByTestId('cancel-reason').fill('Your employer already pays this route through another contract');
    await page.getByTestId('cancel-save').click();
    await page.getByText('The order was cancelled').waitFor(SLOW);
    await luc.waitFor({ state: 'detached', ...SLOW });

    // both are handled now: processed at the adjusted price, and cancelled
    await page.getByTestId('tab-handled-season-card-orders').click();
    await page.waitForURL(/\/order-handling\/handled-season-card-orders/);
    const handled = page.getByTestId('handled-orders-table');
    // Sophie's season card of last month is handled too (the demo): the row at the adjusted price is this one
    const processed = handled.locator('tbody tr', { hasText: 'Sophie Dubois' }).filter({ hasText: /45[.,]50/ });
    await processed.waitFor(SLOW);
    const cells = (await processed.locator('td').allTextContents()).join(' | ');
    expect(cells).toContain('Processed');
    expect(cells).toMatch(/45[.,]50/);
    const cancelled = handled.locator('tbody tr', { hasText: 'Luc Willems' });
    expect((await cancelled.locator('td').allTextContents()).join(' | ')).toContain('Cancelled');
    await cancelled.getByTestId('order-open-details').click();
    await page.getByText('Your employer already pays this route through another contract').waitFor();
  });
});
