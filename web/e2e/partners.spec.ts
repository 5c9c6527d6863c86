import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expectDashboard, openBrowser, signIn, type Session } from './browser';
import { unique } from './people';

// Platform staff manage partners (SPEC §2 "Platform admin only"). Each test
// makes its own partner, so the demo's partners (and their colours, which
// other tests' contrast checks see) stay as they are.
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

/** Adds a partner through the three steps as ospadmin; answers its name once its detail page shows. */
async function addPartner(page: Page): Promise<string> {
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
  await page.getByLabel(/^Postal code/).fill('9000');
  await page.getByLabel(/^City/).fill('Gent');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('switch', { name: /Send invoices/ }).check({ force: true });
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('checkbox', { name: 'Mobility budget' }).check();
  await page.getByRole('button', { name: 'Create partner' }).click();

  await page.waitForURL(/\/partners\/[^/]+\/details$/);
  expect(await page.getByTestId('partner-name').textContent()).toBe(name);
  expect(await page.getByLabel(/^External id/).inputValue()).toBe(extId);
  return name;
}

async function signInAsPlatformStaff(page: Page): Promise<void> {
  await signIn(page, 'ospadmin');
  await expectDashboard(page);
}

describe('partners', () => {
  it('platform staff add a partner in three steps and find it in the list', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsPlatformStaff(page);
    const name = await addPartner(page);

    await page.getByTestId('tab-budgets').click();
    expect(await page.getByRole('checkbox', { name: 'Mobility budget' }).isChecked()).toBe(true);

    await page.goto('/partners');
    await page.getByTestId('partner-search').fill(name);
    await page.getByTestId('partners-table').getByText(name).waitFor();
  });

  it('platform staff change a new partner\'s brand colour', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsPlatformStaff(page);
    await addPartner(page);

    await page.getByTestId('tab-branding').click();
    await page.waitForURL(/\/branding$/);
    // features/branding's editor; the partner has no colours of its own yet.
    await page.getByTestId('branding-editor').waitFor();
    await page.getByTestId('color-brandColor').fill('#12ab34');
    await page.getByTestId('branding-save').click();
    await page.getByText('The branding is saved.').waitFor();

    await page.reload();
    await page.getByTestId('branding-editor').waitFor();
    expect(await page.getByTestId('color-brandColor').inputValue()).toBe('#12AB34');
  });
});
