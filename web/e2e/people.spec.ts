import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { expectDashboard, openBrowser, signIn, type Session } from './browser';
import { createAppUser, signInAsAcmeAdmin, unique } from './people';

// Each test signs in in its own browser profile and creates what it needs
// with unique logins, so the tests depend neither on each other nor on order.
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

describe('people', () => {
  it('adds an app user and lands on the detail page', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsAcmeAdmin(page);
    const login = unique('e2e.add.');

    await page.goto('/manage/app-users/add');
    // Step 1 refuses to go on without the required fields.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('First name is required').waitFor();

    await page.getByLabel(/^First name/).fill('Eva');
    await page.getByLabel(/^Last name/).fill('Example');
    await page.getByLabel(/^E-mail/).fill(`${login}@example.com`);
    // A taken login is reported while typing.
    await page.getByLabel(/^Login/).fill('jan.peeters');
    await page.getByText('The user name is already taken').waitFor();
    await page.getByLabel(/^Login/).fill(login);
    await page.getByLabel('Mobile phone').fill('0470 12 34 56');
    await page.getByText('The user name is already taken').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByTestId('budgets-step').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('default-group').waitFor();
    await page.getByRole('button', { name: 'Create user' }).click();

    await page.waitForURL(/\/manage\/app-users\/[0-9a-f-]{36}\/budgets/);
    expect(await page.getByTestId('user-name').textContent()).toBe('Eva Example');
    await page.getByTestId('tab-detail').click();
    expect(await page.getByLabel(/^Login/).inputValue()).toBe(login);
  });

  it('adds an app user and a budget in one call; a refused budget leaves nothing of the user', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsAcmeAdmin(page);
    const login = unique('e2e.onetx.');
    const creates: unknown[] = [];
    const budgetCalls: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'POST') return;
      if (request.url().endsWith('/user/mobile/create')) creates.push(request.postDataJSON());
      if (/\/budget\/[A-Z_]+\/create$/.test(request.url())) budgetCalls.push(request.url());
    });
    // The first attempt reaches the server with a budget it refuses (a
    // negative recurring amount the form itself would not send).
    let spoil = true;
    await page.route('**/user/mobile/create', async (route) => {
      const body = route.request().postDataJSON() as { userBudgets: { data: Record<string, unknown> }[] };
      if (spoil) body.userBudgets[0]!.data.frequencyAmount = -500;
      spoil = false;
      await route.continue({ postData: JSON.stringify(body) });
    });

    await page.goto('/manage/app-users/add');
    await page.getByLabel(/^First name/).fill('One');
    await page.getByLabel(/^Last name/).fill('Transaction');
    await page.getByLabel(/^E-mail/).fill(`${login}@example.com`);
    await page.getByLabel(/^Login/).fill(login);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('budgets-step').waitFor();
    await page.getByTestId('step-budget-MOBILITY_BUDGET').check();
    await page.getByLabel(/^Recurring amount/).fill('10');
    await page.getByLabel(/^Start amount/).fill('30');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('default-group').waitFor();
    await page.getByRole('button', { name: 'Create user' }).click();

    // Refused: the stepper is back on the budgets step with the server's message.
    await page.getByTestId('budgets-step').getByText('Recurring amount is not valid').waitFor();
    expect(page.url()).toMatch(/\/manage\/app-users\/add$/);

    // Sent again as it is, it succeeds with the same login: the refused
    // attempt left no user behind (the login would be taken).
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('default-group').waitFor();
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.waitForURL(/\/manage\/app-users\/[0-9a-f-]{36}\/budgets/, { timeout: 20_000 });
    await page.getByTestId('budget-card-MOBILITY_BUDGET').waitFor();

    expect(creates).toHaveLength(2);
    expect(creates[1]).toMatchObject({ userBudgets: [{ type: 'MOBILITY_BUDGET', data: { frequencyAmount: 1000, startAmount: 3000 } }] });
    expect(budgetCalls).toEqual([]);
  });

  it('shows the line errors of a bad import file', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsAcmeAdmin(page);

    const dir = mkdtempSync(join(tmpdir(), 'portal-import-'));
    const file = join(dir, 'users.csv');
    const ok = unique('e2e.imp.');
    writeFileSync(
      file,
      [
        'firstname;lastname;email;login',
        `Ok;Row;${ok}@example.com;${ok}`,
        `Bad;Mail;not-an-email;${unique('e2e.imp.')}`,
        ';NoFirstname;nofirst@example.com;' + unique('e2e.imp.'),
      ].join('\n'),
    );
    try {
      await page.goto('/manage/import-users?kind=create');
      await page.locator('input[type="file"]').setInputFiles(file);
      await page.getByTestId('import-upload').click();
      await page.getByTestId('import-errors').waitFor();
      const errors = page.getByTestId('import-errors');
      const text = (await errors.textContent()) ?? '';
      expect(text).toContain('3');
      expect(text).toContain('email');
      expect(text).toContain('4');
      expect(text).toContain('firstname');
      expect(await page.getByTestId('import-status').textContent()).toMatch(/error/);
      expect(await page.getByTestId('import-process').isDisabled()).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('deactivates a user on a chosen day, then now', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signInAsAcmeAdmin(page);
    await createAppUser(page, unique('e2e.deact.'));

    await page.getByTestId('deactivate').click();
    await page.getByTestId('deactivate-ON_DATE').check();
    const day = new Date(Date.now() + 10 * 86_400_000);
    const typed = [day.getDate(), day.getMonth() + 1].map((n) => String(n).padStart(2, '0')).join('/') + `/${day.getFullYear()}`;
    await page.getByTestId('deactivate-date').fill(typed);
    // Close the calendar without closing the dialog (Escape would close both).
    await page.getByText('When?').click();
    await page.getByTestId('deactivate-confirm').click();
    const planned = page.getByTestId('planned-deactivation');
    await planned.waitFor();
    expect(await planned.textContent()).toContain(typed);

    await page.getByTestId('deactivate').click();
    await page.getByTestId('deactivate-NOW').check();
    await page.getByTestId('deactivate-confirm').click();
    await page.getByTestId('user-status').getByText('Inactive').waitFor();
    expect(await page.getByTestId('planned-deactivation').count()).toBe(0);
    await page.getByTestId('activate').waitFor();
  });

  it('finds Jan Peeters on the dashboard and opens him', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'acme.admin');
    await expectDashboard(page);

    const input = page.getByTestId('user-search-input');
    await input.fill('pe');
    expect(await page.getByTestId('user-search-submit').isDisabled()).toBe(true);
    await input.fill('peeters');
    await page.getByTestId('user-search-submit').click();
    const row = page.getByTestId('user-search-results').getByText('Jan Peeters');
    await row.waitFor();
    await row.click();
    await page.waitForURL(/\/manage\/app-users\/[0-9a-f-]{36}\//);
    expect(await page.getByTestId('user-name').textContent()).toBe('Jan Peeters');
  });
});
