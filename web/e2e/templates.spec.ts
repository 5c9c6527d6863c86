import { afterEach, describe, expect, it } from 'vitest';
import { expectDashboard, openBrowser, signIn, type Session } from './browser';

// Templates (issue 14): platform staff open MobiPartner's welcome mail (the
// demo's override in Dutch and French), edit its Dutch text and see the
// live preview follow, rendered by the server with the most recent
// parameters; the saved text becomes a version valid from today.
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

describe('templates', () => {
  it('platform staff edit a template and see the preview change', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'ospadmin');
    await expectDashboard(page);

    await page.goto('/templates');
    await page.getByTestId('filter-owner').fill('MobiPartner');
    const row = page.getByTestId('templates-table').getByRole('link', { name: 'MobiPartner welcome' });
    await row.click();
    await page.waitForURL(/\/templates\/edit\?ospId=/);
    await page.getByTestId('template-form').waitFor();

    await page.getByTestId('tab-nl').click();
    const body = page.getByTestId('field-body-nl');
    await expect.poll(() => body.inputValue()).toContain('MobiPartner');
    const preview = page.getByTestId('preview-body');
    await expect.poll(() => preview.textContent(), { timeout: 15_000 }).toContain('MobiPartner');
    // the preview fills the parameters: no {{ left
    expect(await preview.textContent()).not.toContain('{{');

    const marker = `Tot snel op de fiets ${Date.now()}`;
    await body.fill(`Dag {{.Name}},\n\n${marker}\n\nJe login: {{.Login}}`);
    await expect.poll(() => preview.textContent(), { timeout: 15_000 }).toContain(marker);
    const text = (await preview.textContent()) ?? '';
    expect(text).toMatch(/^Dag \S/);
    expect(text).not.toContain('{{');

    // an unknown parameter: the preview shows why, with its line
    await body.fill('Dag {{.Name}},\n{{.Unknown}}');
    await page.getByTestId('preview-errors').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('preview-errors').textContent()).toContain('Unknown parameter {{.Unknown}} on line 2');

    // saved, the text is today's version of the Dutch history
    await body.fill(`Dag {{.Name}},\n\n${marker}\n\nJe login: {{.Login}}`);
    await page.getByTestId('save-template').click();
    await page.getByText('The template was saved.').waitFor();
    const history = page.getByTestId('history-nl');
    await history.getByText('In use today').waitFor();
    expect(await history.getByRole('row').count()).toBeGreaterThanOrEqual(4);
  });
});
