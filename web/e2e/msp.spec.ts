import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expectDashboard, openBrowser, signIn, type Session } from './browser';

// The MSP side of the portal (SPEC §1, §2 Dashboard "Filters"): partner
// admins and platform staff get their own sidebar and choose the company
// they work on. Test ids and company names keep these independent of the
// account's language.
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

const SELECTED_COMPANY_KEY = 'portal.selectedCorporateAccountOspId';

/** Types into the dashboard's company search and picks the company. */
async function findCompany(page: Page, search: string, name: RegExp): Promise<void> {
  const selector = page.getByTestId('corporate-account-selector');
  await selector.click();
  await selector.fill(search);
  await page.getByRole('option', { name }).first().click();
  await page.waitForFunction((key) => Boolean(localStorage.getItem(key)), SELECTED_COMPANY_KEY);
}

describe('MSP users', () => {
  it('an MSP admin gets the MSP sidebar and finds Acme by search', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'msp.admin');
    await expectDashboard(page);

    await page.getByTestId('sidebar-msp').waitFor();
    expect(await page.getByTestId('menu-corporateAccounts').getAttribute('href')).toBe('/corporate-accounts');
    await page.getByTestId('menu-corporateAccountSelection').waitFor();
    // No company yet: no company entries.
    expect(await page.getByTestId('menu-appUsers').count()).toBe(0);
    // Partner admins have no partner or type filter; the tile counts their companies.
    expect(await page.getByTestId('partner-filter').count()).toBe(0);
    await page.getByTestId('active-companies-count').waitFor();

    // Fewer than 3 characters search nothing.
    const selector = page.getByTestId('corporate-account-selector');
    await selector.click();
    await selector.fill('Ac');
    await page.waitForTimeout(900);
    expect(await page.getByRole('option', { name: /Acme NV/ }).count()).toBe(0);

    await findCompany(page, 'Acme', /Acme NV/);
    await page.waitForURL(/corporateAccountOspId=/);
    expect(await page.getByTestId('sidebar-company-name').textContent()).toBe('Acme NV');
    await page.getByTestId('menu-appUsers').click();
    await page.waitForURL(/\/manage\/app-users\?corporateAccountOspId=/);
  });

  it('platform staff change the partner selector and the company clears', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'ospadmin');
    await expectDashboard(page);
    await page.getByTestId('sidebar-msp').waitFor();

    await findCompany(page, 'Acme', /Acme NV/);
    await page.getByTestId('selected-company-name').waitFor();
    expect(await page.getByTestId('sidebar-company-name').textContent()).toBe('Acme NV');

    const partner = page.getByTestId('partner-filter');
    await partner.click();
    await page.getByRole('option', { name: /RideOn/ }).click();

    await page.waitForFunction((key) => !localStorage.getItem(key), SELECTED_COMPANY_KEY);
    expect(new URL(page.url()).searchParams.has('corporateAccountOspId')).toBe(false);
    expect(await page.getByTestId('selected-company-name').count()).toBe(0);
    expect(await page.getByTestId('corporate-account-selector').inputValue()).toBe('');
    expect(await page.getByTestId('sidebar-group-company').count()).toBe(1); // finance entries stay for staff
    expect(await page.getByTestId('sidebar-company-name').textContent()).not.toBe('Acme NV');

    // Acme is MobiPartner's: within RideOn the search does not find it.
    const selector = page.getByTestId('corporate-account-selector');
    await selector.click();
    await selector.fill('Acme');
    await page.waitForTimeout(1200);
    expect(await page.getByRole('option', { name: /Acme NV/ }).count()).toBe(0);
  });
});
