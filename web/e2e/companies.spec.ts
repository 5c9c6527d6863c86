import { afterEach, describe, expect, it } from 'vitest';
import { expectDashboard, openBrowser, signIn, type Session } from './browser';
import { unique } from './people';

// Corporate accounts (issue 9): an MSP admin adds a company in three steps
// and finds it with the dashboard's company search.
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

/** A Belgian company number no other company has: 10 digits, the last two 97 minus the first eight mod 97. */
function belgianNumber(): string {
  const first = `0${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
  const check = 97 - (Number(first) % 97);
  return `${first}${String(check).padStart(2, '0')}`;
}

describe('corporate accounts', () => {
  it('an MSP admin adds a company in three steps and finds it on the dashboard', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'msp.admin');
    await expectDashboard(page);
    const tag = unique('e2e').replace(/\W/g, '');
    const name = `Umbrella ${tag}`;
    const number = belgianNumber();

    await page.goto('/corporate-accounts');
    await page.getByTestId('corporate-accounts-table').waitFor();
    await page.getByTestId('add-corporate-account').click();
    await page.waitForURL(/\/corporate-accounts\/add/);

    // Step 1 refuses to go on without the required fields.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^External id/).fill(`UMB${tag}`.slice(0, 40));
    await page.getByLabel(/^Street/).fill('Kerkstraat');
    await page.getByLabel(/^Number/).fill('12');
    await page.getByLabel(/^Postal code/).fill('2000');
    await page.getByLabel(/^City/).fill('Antwerpen');
    await page.getByLabel(/^Company number/).fill(number);
    // A wrong check digit is refused before the server is asked.
    await page.getByLabel(/^VAT number/).fill(`BE${number.slice(0, 8)}${number.slice(8) === '01' ? '02' : '01'}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('VAT number is not valid').waitFor();
    await page.getByLabel(/^VAT number/).fill(`BE${number}`);
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: contract, payment and invoicing.
    await page.getByTestId('field-contractType').click();
    await page.getByRole('option', { name: 'Business mobility' }).click();
    await page.getByLabel(/^IBAN/).fill('BE68 5390 0754 7034');
    await page.getByLabel(/^BIC/).fill('GEBABEBB');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: the partner's budget types and the first admin.
    await page.getByText('First admin', { exact: true }).waitFor();
    // The partner's budget types start ticked.
    await page.getByLabel(/^First name/).fill('Alice');
    await page.getByLabel(/^Last name/).fill('Wonder');
    await page.getByLabel(/^E-mail/).fill(`${tag}@umbrella.example`);
    await page.getByRole('button', { name: 'Create company' }).click();

    // The new company is selected and its details open.
    await page.waitForURL(/\/company\/details\?corporateAccountOspId=/);
    await page.getByRole('heading', { name }).waitFor();
    expect(await page.getByTestId('payment-reference').textContent()).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);

    // The dashboard's company search finds it.
    await page.goto('/dashboard');
    await expectDashboard(page);
    const selector = page.getByTestId('corporate-account-selector');
    await selector.click();
    await selector.fill(name.slice(0, 12));
    await page.getByRole('option', { name: new RegExp(name) }).first().waitFor();
  });
});
