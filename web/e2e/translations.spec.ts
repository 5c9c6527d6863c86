import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expectDashboard, openBrowser, signIn, type Session } from './browser';
import { unique } from './people';

// Issue 14, translations through the screens: platform staff find a key of
// the demo catalogue by its key, change its French text in the editor, and
// find it again by the new words; the editor counts the characters.

let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
});

/** Opens a route inside the running app (keeps the session and cache). */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describe('translations', () => {
  it('platform staff search a demo key and change its French text', async () => {
    session = await openBrowser({ language: 'en' });
    const { page } = session;
    await signIn(page, 'ospadmin');
    await expectDashboard(page);
    await open(page, '/translations');
    await page.getByRole('heading', { name: 'Translations' }).waitFor();

    await page.getByTestId('translation-search').fill('label.train');
    const key = page.getByRole('button', { name: 'Edit product.label.train' });
    await key.waitFor();
    await key.click();
    const french = page.getByTestId('translation-text-FR');
    await french.waitFor();
    expect(await page.getByTestId('translation-text-DE').inputValue()).toBe('Zug (NMBS/SNCB)');
    const word = unique('sncb');
    const text = `Train (SNCB) ${word}`;
    await french.fill(text);
    expect(await page.getByTestId('translation-text-FR-count').textContent()).toBe(`${text.length} / 90,000 characters`);
    await page.getByTestId('translation-save').click();
    await page.getByTestId('translation-form').waitFor({ state: 'detached' });

    // by text now: the new words find the key, in the product labels' tab too
    await page.getByTestId('translation-search-in').getByText('Text', { exact: true }).click();
    await page.getByTestId('translation-search').fill(word);
    await page.getByRole('button', { name: 'Edit product.label.train' }).waitFor();
    await page.getByRole('tab', { name: 'Product labels' }).click();
    await page.waitForURL(/\/translations\/product-label/);
    await page.getByRole('heading', { name: 'Translations: Product labels' }).waitFor();
    await page.getByRole('button', { name: 'Edit product.label.train' }).click();
    await page.getByTestId('translation-text-FR').waitFor();
    expect(await page.getByTestId('translation-text-FR').inputValue()).toBe(text);
  });
});
