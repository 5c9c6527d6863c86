import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

// Debian's Chromium, never a downloaded browser; every test gets its own
// profile directory so no cookie or storage leaks between tests.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PASSWORD = 'Demo1234!';

export function baseUrl(): string {
  const url = process.env.PORTAL_E2E_URL;
  if (!url) throw new Error('PORTAL_E2E_URL is not set: start the portal (make e2e does) and point it there');
  return url.replace(/\/$/, '');
}

/** Platform staff's API session, for what a test prepares through the API rather than the screens. */
export async function staffToken(): Promise<string> {
  const res = await fetch(`${baseUrl()}/user-service/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'ospadmin', passdigest: createHash('sha256').update(PASSWORD).digest('hex') }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

export interface Session {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function openBrowser(options: { width?: number; height?: number; language?: string } = {}): Promise<Session> {
  const profile = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    // An unsupported browser language, so the app starts in its default (nl).
    locale: 'de-DE',
  });
  if (options.language) {
    await context.addCookies([{ name: 'lang', value: options.language, url: baseUrl() }]);
  }
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Signs in through the form (interface in English). */
export async function signIn(page: Page, login: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^Login/).fill(login);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function expectDashboard(page: Page): Promise<void> {
  await page.waitForURL(/\/dashboard/);
  await page.getByTestId('welcome').waitFor();
  expect(await page.getByTestId('welcome').textContent()).toMatch(/^(Welcome|Welkom|Bienvenue), /);
}

export async function chooseLanguage(page: Page, name: 'English' | 'Nederlands' | 'Français'): Promise<void> {
  const select = page.getByTestId('language-select').first();
  const option = page.getByRole('option', { name });
  // A page that finishes loading may move the focus (autofocus) and close
  // the list again; open it until the option is really there.
  for (let attempt = 0; attempt < 5; attempt++) {
    await select.click();
    try {
      await option.waitFor({ state: 'visible', timeout: 2000 });
      await option.click();
      return;
    } catch {
      await page.keyboard.press('Escape');
    }
  }
  throw new Error(`could not choose ${name}`);
}

export async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}
