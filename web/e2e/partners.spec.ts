import { afterEach, describe, expect, it } from 'vitest';
import { expectDashboard, openBrowser, signIn, type Session } from './browser';
import { unique } from './people';

// Platform staff manage partners (SPEC §2 "Platform admin only").
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

describe('partners', () => {
  it('platform staff add a partner in three steps and open it', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'ospadmin');
    await expectDashboard(page);
    const extId = unique('E2E-PARTNER-').replace(/\./g, '-');
    const name = `E2E Partner ${extId.slice(-6)}`;

    await page.getByTestId('menu-partners').click();
    await page.waitForURL(/\/partners$/);
    await page.getByTestId('partners-table').waitFor();
    await page.getByTestId('add-partner').click();
    await page.waitForURL(/\/partners\/add$/);

    // Step 1 refuses to go on without the required fields.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByLabel(/^Name/).fill(name);
    await page.getByTestId('partner-type').click();
    await page.getByRole('option', { name: 'Reseller', exact: true }).click();
    await page.getByLabel(/^External id/).fill(extId);
    await page.getByLabel(/^E-mail/).fill('billing@e2e-partner.test');
    await page.getByLabel(/^City/).fill('Gent');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('switch', { name: /Send invoices/ }).check({ force: true });
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('checkbox', { name: 'Mobility budget' }).check();
    await page.getByRole('button', { name: 'Create partner' }).click();

    await page.waitForURL(/\/partners\/[^/]+\/details$/);
    expect(await page.getByTestId('partner-name').textContent()).toBe(name);
    expect(await page.getByLabel(/^External id/).inputValue()).toBe(extId);
    await page.getByTestId('tab-budgets').click();
    expect(await page.getByRole('checkbox', { name: 'Mobility budget' }).isChecked()).toBe(true);

    // It is in the list, found by name.
    await page.goto('/partners');
    await page.getByTestId('partner-search').fill(name);
    await page.getByTestId('partners-table').getByText(name).waitFor();
  });
});
