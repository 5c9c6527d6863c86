import type { Page } from 'playwright-core';
import { expectDashboard, signIn } from './browser';

/** A value no other test run has used (logins are unique across the database). */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

export async function signInAsAcmeAdmin(page: Page): Promise<void> {
  await signIn(page, 'acme.admin');
  await expectDashboard(page);
}

/** Creates an app user through the add form and waits for its detail page. */
export async function createAppUser(page: Page, login: string, lastname = 'Tester'): Promise<void> {
  await page.goto('/manage/app-users/add');
  await page.getByLabel(/^First name/).fill('E2e');
  await page.getByLabel(/^Last name/).fill(lastname);
  await page.getByLabel(/^E-mail/).fill(`${login}@example.com`);
  await page.getByLabel(/^Login/).fill(login);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByTestId('budgets-step').waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByTestId('default-group').waitFor();
  await page.getByRole('button', { name: 'Create user' }).click();
  await page.waitForURL(/\/manage\/app-users\/[0-9a-f-]{36}\/budgets/);
  await page.getByTestId('user-name').waitFor();
}

/** Adds a user through the stepper, opening a mobility budget with a start amount in step 2. */
export async function createUserWithBudget(page: Page, login: string, startAmount: string): Promise<void> {
  await page.goto('/manage/app-users/add');
  await page.getByLabel(/^First name/).fill('Money');
  await page.getByLabel(/^Last name/).fill('Tester');
  await page.getByLabel(/^E-mail/).fill(`${login}@example.com`);
  await page.getByLabel(/^Login/).fill(login);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByTestId('budgets-step').waitFor();
  await page.getByTestId('step-budget-MOBILITY_BUDGET').check();
  await page.getByLabel(/^Recurring amount/).fill('0');
  await page.getByLabel(/^Start amount/).fill(startAmount);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByTestId('default-group').waitFor();
  await page.getByRole('button', { name: 'Create user' }).click();
  await page.waitForURL(/\/manage\/app-users\/[0-9a-f-]{36}\/budgets/, { timeout: 20_000 });
  await page.getByTestId('budget-card-MOBILITY_BUDGET').waitFor();
}

/** Books an expense of `amount` on the user's mobility budget, from the user's expenses tab. */
export async function addExpense(page: Page, description: string, amount: string): Promise<void> {
  await page.getByTestId('tab-expenses').click();
  await page.getByTestId('add-expense').click();
  await page.getByTestId('expense-budget').click();
  await page.getByRole('option', { name: /Mobility budget/ }).click();
  await page.getByTestId('expense-amount').fill(amount);
  await page.getByTestId('expense-description').fill(description);
  await page.getByTestId('expense-submit').click();
  await page.waitForURL(/\/expenses$/);
  await page.getByTestId('user-expenses').getByText(description).waitFor();
}
