import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, type Session } from './browser';
import { signInAsAcmeAdmin } from './people';

// The company's trip configuration (issue 13): company/products'
// trip-registration and homework-registration tabs against the real
// travel/compensation calls. What a test changes it puts back, so the demo
// company keeps its settings for the other tests.
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

async function switchTo(page: Page, name: string, on: boolean): Promise<void> {
  const toggle = page.getByRole('switch', { name, exact: true });
  await toggle.setChecked(on);
}

async function saveAndReload(page: Page, form: string): Promise<void> {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('The trip settings were saved.').waitFor();
  await page.reload();
  await page.getByTestId(form).waitFor();
}

describe('company trip settings', () => {
  it('saves the bike rate per km and shows the part above the tax-free rate as taxable', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsAcmeAdmin(page);
    await page.goto('/company/products');
    await page.getByTestId('tab-trip-registration').click();
    await page.waitForURL(/\/company\/products\/trip-registration/);
    await page.getByTestId('trip-registration-form').waitFor();

    const bikeOn = await page.getByRole('switch', { name: 'Compensate commuting by bike', exact: true }).isChecked();
    await switchTo(page, 'Compensate commuting by bike', true);
    const rate = page.getByRole('textbox', { name: 'Bike, per km' });
    const before = await rate.inputValue();
    await rate.fill('0.36');
    await page.getByText('Tax-free today: €0.35/km').waitFor();
    await page.getByTestId('field-commuteBikeCompensationPerKm-taxable').waitFor();
    await saveAndReload(page, 'trip-registration-form');
    expect(await page.getByRole('textbox', { name: 'Bike, per km' }).inputValue()).toBe('€ 0.36');

    await page.getByRole('textbox', { name: 'Bike, per km' }).fill(before.replace('€ ', ''));
    await switchTo(page, 'Compensate commuting by bike', bikeOn);
    await saveAndReload(page, 'trip-registration-form');
    expect(await page.getByRole('switch', { name: 'Compensate commuting by bike', exact: true }).isChecked()).toBe(bikeOn);
  });

  it('saves home work and its daily allowance', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsAcmeAdmin(page);
    await page.goto('/company/products/homework-registration');
    await page.getByTestId('homework-registration-form').waitFor();

    const on = await page.getByRole('switch', { name: 'Compensate home work', exact: true }).isChecked();
    await switchTo(page, 'Compensate home work', true);
    const allowance = page.getByRole('textbox', { name: 'Allowance per home-work day' });
    const before = await allowance.inputValue();
    await allowance.fill('2.60');
    await saveAndReload(page, 'homework-registration-form');
    expect(await page.getByRole('textbox', { name: 'Allowance per home-work day' }).inputValue()).toBe('€ 2.60');

    await page.getByRole('textbox', { name: 'Allowance per home-work day' }).fill(before.replace('€ ', ''));
    await switchTo(page, 'Compensate home work', on);
    await saveAndReload(page, 'homework-registration-form');
    expect(await page.getByRole('switch', { name: 'Compensate home work', exact: true }).isChecked()).toBe(on);
  });
});
