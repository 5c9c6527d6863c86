import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expectDashboard, openBrowser, signIn, type Session } from './browser';
import { unique } from './people';

// Issue 11, "who may use what", through the screens: platform staff build a
// service resource and a product composed of it; Acme's partner lets its
// companies offer both; Acme offers them; Acme's admin grants the product
// to a user group and finds it on company/products. Every name is new, so
// the demo's catalogue stays as it was.

let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

const MOBIPARTNER = '11111111-1111-4111-8111-111111111111';
const SELECTED_COMPANY_KEY = 'portal.selectedCorporateAccountOspId';

/** Opens a Mantine select and picks an option. */
async function choose(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Opens a route inside the running app (keeps the session's selection and cache). */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function signInAs(page: Page, login: string): Promise<void> {
  await signIn(page, login);
  await expectDashboard(page);
}

/** resource-management/services/create: a service resource of an MRP partner. */
async function createServiceResource(page: Page, name: string, extId: string): Promise<void> {
  await open(page, '/resource-management/services/create');
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^External id/).fill(extId);
  await choose(page, page.getByTestId('field-partner'), 'NMBS-SNCB');
  await choose(page, page.getByTestId('field-mode'), /Train/);
  await page.getByTestId('save-resource').click();
  // Created: the page becomes the resource's edit page.
  await page.waitForURL(/\/resource-management\/services\/(?!create)[^/]+$/);
  await page.getByTestId('edit-title').filter({ hasText: name }).waitFor();
}

/** products/add, then the composition's add-service-resource picker; answers the product's ospId. */
async function createProduct(page: Page, label: string, extId: string, resource: string): Promise<string> {
  await open(page, '/products/add');
  await page.getByTestId('product-extid').fill(extId);
  await choose(page, page.getByTestId('product-mode'), /Train/);
  await page.getByTestId('product-label-default').fill(label);
  await page.getByTestId('product-submit').click();
  await page.waitForURL(/\/products\/(?!add)[^/]+\/details$/);
  await page.getByTestId('product-name').filter({ hasText: label }).waitFor();
  const productOspId = /\/products\/([^/]+)\//.exec(page.url())![1]!;

  await page.getByTestId('tab-composition').click();
  await page.getByTestId('add-SERVICE').click();
  await page.waitForURL(/\/composition\/add-service-resource$/);
  await page.getByTestId('candidate-search').fill(resource);
  await page.getByRole('checkbox', { name: new RegExp(resource) }).check();
  await page.getByTestId('candidates-add').click();
  await page.waitForURL(/\/composition$/);
  await page.getByText(resource).first().waitFor();
  return productOspId;
}

describe('catalogue: who may use what', () => {
  it('platform staff build a product, the partner and the company offer it, a company admin grants it to a group', async () => {
    const tag = unique('').toUpperCase();
    const resource = `E2E Service ${tag}`;
    const product = `E2E Train ${tag}`;

    session = await openBrowser({ language: 'en' });
    let { page } = session;
    await signInAs(page, 'ospadmin');
    await createServiceResource(page, resource, `E2E-SR-${tag}`);
    await createProduct(page, product, `E2E-PR-${tag}`, resource);

    // Acme's partner lets its companies offer both (without pushing them to the companies).
    await open(page, `/partners/${MOBIPARTNER}/products`);
    const partnerProducts = page.getByTestId('partner-products');
    await partnerProducts.getByRole('checkbox', { name: new RegExp(product) }).check();
    await page.getByTestId('save-partner-products').click();
    await page.getByText('The changes were saved.').first().waitFor();
    await page.getByTestId('tab-resources').click();
    const partnerResources = page.getByTestId('partner-resources');
    await partnerResources.getByRole('checkbox', { name: new RegExp(resource) }).check();
    await page.getByTestId('save-partner-resources').click();
    await page.getByText('The changes were saved.').first().waitFor();

    // Acme offers them: company/settings available-products, with Acme selected.
    await open(page, '/dashboard');
    const selector = page.getByTestId('corporate-account-selector');
    await selector.click();
    await selector.fill('Acme');
    await page.getByRole('option', { name: /Acme NV/ }).first().click();
    await page.waitForFunction((key) => Boolean(localStorage.getItem(key)), SELECTED_COMPANY_KEY);
    await page.getByTestId('menu-companySettings').click();
    await page.getByTestId('tab-available-products').click();
    const offered = page.getByTestId('available-products');
    await offered.getByRole('checkbox', { name: new RegExp(product) }).check();
    await page.getByTestId('available-service-resources').getByRole('checkbox', { name: new RegExp(resource) }).check();
    await page.getByTestId('available-products-save').click();
    await page.getByText('Saved.').first().waitFor();
    await session.close();

    // Acme's admin grants it to a group…
    session = await openBrowser({ language: 'en' });
    ({ page } = session);
    await signInAs(page, 'acme.admin');
    await page.getByTestId('menu-userGroups').click();
    await page.getByTestId('user-groups-table').locator('tbody a').first().click();
    const group = (await page.getByTestId('group-name').textContent())!.trim();
    await page.getByTestId('tab-products').click();
    await page.getByTestId('grant-products').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: new RegExp(product) }).check();
    await dialog.getByTestId('grant-products-confirm').click();
    await page.getByTestId('group-products').getByText(product).waitFor();
    // …whose members may use the service resources Acme offers.
    await page.getByTestId('group-service-resources').getByText(resource).waitFor();

    // …and sees it on company/products with that group.
    await page.getByTestId('menu-companyProducts').click();
    await page.waitForURL(/\/company\/products\/list/);
    await page.getByTestId('company-products-search').fill(product);
    const row = page.getByTestId('company-products-table').locator('tbody tr', { hasText: product });
    await row.waitFor();
    expect(await row.getByRole('link').allTextContents()).toContain(group);
  });
});
