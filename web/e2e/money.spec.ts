import { statSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { openBrowser, type Session } from './browser';
import { createUserWithBudget, signInAsAcmeAdmin, unique } from './people';

// Budgets, manual amounts, expenses and the transactions export. Every test
// creates its own user (unique login), so they run in any order.
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

async function balanceOf(page: Page, type: string): Promise<string> {
  return (await page.getByTestId(`budget-card-${type}`).getByTestId('budget-balance').textContent())?.trim() ?? '';
}

describe('money', () => {
  it('adds a budget to a user', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsAcmeAdmin(page);
    await createUserWithBudget(page, unique('e2e.budget.'), '0');

    await page.getByTestId('add-budget').click();
    await page.waitForURL(/\/budgets\/add\?userOspId=/);
    await page.getByTestId('budget-type').click();
    await page.getByRole('option', { name: 'Business budget' }).click();
    await page.getByTestId('budget-type-info').waitFor();
    await page.getByTestId('budget-amount').fill('100');
    await page.getByTestId('budget-start-amount').fill('50');
    await page.getByTestId('budget-submit').click();

    await page.waitForURL(/\/manage\/app-users\/[0-9a-f-]{36}\/budgets/);
    await page.getByTestId('budget-card-BUSINESS_BUDGET').waitFor();
    expect(await balanceOf(page, 'BUSINESS_BUDGET')).toBe('€50.00');
  });

  it('books a manual amount', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsAcmeAdmin(page);
    await createUserWithBudget(page, unique('e2e.manual.'), '20');
    expect(await balanceOf(page, 'MOBILITY_BUDGET')).toBe('€20.00');

    await page.getByTestId('budget-card-MOBILITY_BUDGET').getByTestId('add-amount').click();
    await page.getByTestId('manual-amount').fill('-5.25');
    await page.getByTestId('manual-description').fill('Manual correction by e2e');
    await page.getByTestId('manual-submit').click();

    await page.waitForURL(/\/budgets$/);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="budget-card-MOBILITY_BUDGET"] [data-testid="budget-balance"]')?.textContent?.trim() === '€14.75',
    );
  });

  it('redeems a promo code on a user budget, once', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsAcmeAdmin(page);
    await createUserWithBudget(page, unique('e2e.promo.'), '20');
    expect(await balanceOf(page, 'MOBILITY_BUDGET')).toBe('€20.00');

    // WELKOM25 (the demo's promo code, €25) is not yet redeemed on a new budget
    await page.getByTestId('redeem-open').click();
    await page.getByTestId('redeem-code').fill(' welkom25 ');
    await page.getByTestId('redeem-submit').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="budget-card-MOBILITY_BUDGET"] [data-testid="budget-balance"]')?.textContent?.trim() === '€45.00',
    );

    await page.getByTestId('redeem-open').click();
    await page.getByTestId('redeem-code').fill('WELKOM25');
    await page.getByTestId('redeem-submit').click();
    await page.getByTestId('redeem-error').waitFor();
    expect(await page.getByTestId('redeem-error').textContent()).toBe('This promo code has already been used');
    expect(await balanceOf(page, 'MOBILITY_BUDGET')).toBe('€45.00');
  });

  it('adds an expense, corrects it and the balance follows', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsAcmeAdmin(page);
    await createUserWithBudget(page, unique('e2e.expense.'), '100');

    await page.getByTestId('tab-expenses').click();
    await page.getByTestId('add-expense').click();
    await page.getByTestId('expense-budget').click();
    await page.getByRole('option', { name: /Mobility budget/ }).click();
    await page.getByTestId('expense-amount').fill('10');
    await page.getByTestId('expense-description').fill('Train ticket e2e');
    await page.getByTestId('expense-submit').click();

    await page.waitForURL(/\/expenses$/);
    await page.getByTestId('user-expenses').getByText('Train ticket e2e').click();
    await page.waitForURL(/\/expenses\/[0-9a-f-]{36}$/);
    expect(await page.getByTestId('expense-net').textContent()).toBe('€10.00');

    await page.getByTestId('open-correct').click();
    await page.getByTestId('correct-amount').fill('2');
    await page.getByTestId('correct-remark').fill('Supplement');
    await page.getByTestId('correct-submit').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="expense-net"]')?.textContent === '€12.00');
    await page.getByTestId('corrections').getByText('Supplement').waitFor();

    await page.getByRole('link', { name: /Back to the user/ }).click();
    await page.getByTestId('tab-budgets').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="budget-card-MOBILITY_BUDGET"] [data-testid="budget-balance"]')?.textContent?.trim() === '€88.00',
    );
  });

  it('downloads the transactions as XLSX', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsAcmeAdmin(page);
    await page.goto('/finance/all-transactions');
    await page.getByTestId('all-transactions').waitFor();

    const download = page.waitForEvent('download');
    await page.getByTestId('download-xlsx').click();
    await page.getByText('The download has started.').waitFor();
    const file = await download;
    expect(file.suggestedFilename()).toBe('transactions.xlsx');
    const path = await file.path();
    expect(statSync(path).size).toBeGreaterThan(0);
  });
});
