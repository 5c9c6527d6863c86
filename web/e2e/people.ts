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
