import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { baseUrl, expectDashboard, openBrowser, signIn, staffToken, type Session } from './browser';
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

/** The newest mail the portal kept for an address (`portal mail list`, on the test's database). */
function lastMail(to: string): { subject: string; body: string } {
  const out = execFileSync(fileURLToPath(new URL('../../bin/portal', import.meta.url)), ['mail', 'list', '--to', to, '--last'], {
    env: { ...process.env, PORTAL_DATABASE_URL: process.env.PORTAL_E2E_DB ?? '', PORTAL_LOG_LEVEL: 'error' },
  }).toString();
  expect(out.trim(), `a mail to ${to}`).not.toBe('');
  return JSON.parse(out) as { subject: string; body: string };
}

/** The brand shade the theme draws with (Mantine's brand colour, shade 6 = the colour itself). */
async function brandColor(page: Page): Promise<string> {
  return page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-brand-6').trim().toUpperCase(),
  );
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
    // Leave the field (its colour picker closes) before saving.
    await page.getByTestId('color-brandColor').press('Tab');
    await page.getByTestId('branding-save').click();
    await page.getByText('The branding is saved.').waitFor();

    await page.reload();
    await page.getByTestId('branding-editor').waitFor();
    expect(await page.getByTestId('color-brandColor').inputValue()).toBe('#12AB34');
  });

  it('a company admin of the partner sees its brand colour after signing in', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsPlatformStaff(page);
    await addPartner(page);
    const partnerOspId = /\/partners\/([^/]+)\//.exec(page.url())?.[1] ?? '';
    expect(partnerOspId).not.toBe('');
    await page.getByTestId('tab-branding').click();
    await page.getByTestId('branding-editor').waitFor();
    await page.getByTestId('color-brandColor').fill('#7B2D8E');
    // Leave the field (its colour picker closes) before saving.
    await page.getByTestId('color-brandColor').press('Tab');
    await page.getByTestId('branding-save').click();
    await page.getByText('The branding is saved.').waitFor();
    // Platform staff keep the platform's colours.
    expect(await brandColor(page)).not.toBe('#7B2D8E');

    // A company of the new partner, with its first admin (welcome mail).
    const tag = unique('brand').replace(/\W/g, '');
    const email = `${tag}@brand-e2e.example`;
    const res = await fetch(`${baseUrl()}/portal-service/v1/corporateAccount/create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await staffToken()}` },
      body: JSON.stringify({
        partnerOspId, name: `Brand ${tag}`, extId: `BRAND-${tag}`.slice(0, 40), contractType: 'BUSINESS_MOBILITY',
        paymentType: 'PREPAID', selectedBudgetTypes: ['MOBILITY_BUDGET'],
        firstAdmin: { firstname: 'Bram', lastname: 'Brand', email, language: 'en' },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await session.close();

    // The first admin chooses a password through the welcome mail's link and signs in.
    const mail = lastMail(email);
    const login = /Your login is (\S+?)\.?\n/.exec(mail.body)?.[1] ?? '';
    const link = /(https?:\/\/\S+)/.exec(mail.body)?.[1] ?? '';
    expect(login).not.toBe('');
    expect(link).toContain('token=');
    session = await openBrowser({ language: 'en' });
    const admin = session.page;
    await admin.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await admin.getByLabel(/^New password/).fill('Brand-E2e-2026');
    await admin.getByLabel(/^Repeat the new password/).fill('Brand-E2e-2026');
    await admin.getByRole('button', { name: 'Save the password' }).click();
    await admin.getByTestId('password-set').waitFor();
    await signIn(admin, login, 'Brand-E2e-2026');
    await expectDashboard(admin);
    await expect.poll(() => brandColor(admin), { timeout: 10_000 }).toBe('#7B2D8E');
  });
});
