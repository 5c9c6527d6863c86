import { afterEach, describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  cookie,
  expectDashboard,
  openBrowser,
  PASSWORD,
  signIn,
  type Session,
} from './browser';
import { secondsLeftInStep, totp } from './totp';

// Each test opens its own browser profile, so they do not depend on each other.
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

describe('portal', () => {
  it('rejects a wrong password with a message, then signs in', async () => {
    session = await openBrowser();
    const { page } = session;
    await page.goto('/login');
    // The default interface language is Dutch; switch to English first.
    await page.getByRole('heading', { name: 'Aanmelden' }).waitFor();
    await chooseLanguage(page, 'English');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    await page.getByLabel(/^Login/).fill('acme.admin');
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The login and password do not match').waitFor();

    await page.getByLabel(/^Password/).fill(PASSWORD);
    // Editing clears the error.
    expect(await page.getByTestId('login-error').count()).toBe(0);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectDashboard(page);
    await page.getByText('Acme NV').first().waitFor();
  });

  it('enrols a two-factor user with a TOTP code', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'acme.2fa');
    await page.waitForURL(/\/2-factor-auth/);
    await page.getByTestId('two-factor-qr').waitFor();
    const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);

    // Avoid typing a code that expires before the server checks it.
    if (secondsLeftInStep() < 3) await page.waitForTimeout(3500);
    await page.getByLabel(/^Code/).fill(totp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectDashboard(page);
  });

  it('keeps the chosen language across a reload', async () => {
    session = await openBrowser();
    const { page, context } = session;
    await page.goto('/login');
    await chooseLanguage(page, 'Français');
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    expect(await cookie(context, 'lang')).toBe('fr');

    // Signed in, the switch is also stored on the account.
    await page.getByLabel(/^Identifiant/).fill('acme.admin');
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expectDashboard(page);
    const stored = page.waitForResponse((r) => r.url().includes('/user/changeLanguage/en'));
    await chooseLanguage(page, 'English');
    expect((await stored).status()).toBe(204);
    await page.reload();
    await page.getByText('Welcome, ', { exact: false }).waitFor();
  });

  it('shows the mobile page on a narrow screen', async () => {
    session = await openBrowser({ width: 800, height: 900, language: 'en' });
    const { page } = session;
    await page.goto('/login');
    await page.getByTestId('mobile-not-available').waitFor();
    await page.getByText('No mobile version yet').waitFor();
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
  });

  it('renews an expired access token and stays signed in', async () => {
    session = await openBrowser({ language: 'en' });
    const { page, context } = session;
    await signIn(page, 'acme.admin');
    await expectDashboard(page);

    await context.addCookies([{ name: 'token', value: 'expired-or-garbage', url: new URL(page.url()).origin }]);
    const refreshed = page.waitForResponse((r) => r.url().includes('/auth/refreshToken'));
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await expectDashboard(page);
    const token = await cookie(context, 'token');
    expect(token).toBeTruthy();
    expect(token).not.toBe('expired-or-garbage');
  });

  it('signs out to /login and keeps signed-out users out', async () => {
    session = await openBrowser({ language: 'en' });
    const { page, context } = session;
    await signIn(page, 'acme.admin');
    await expectDashboard(page);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await page.waitForURL(/\/login$/);
    expect(await cookie(context, 'token')).toBeUndefined();

    await page.goto('/dashboard');
    await page.waitForURL(/\/login$/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });
});
