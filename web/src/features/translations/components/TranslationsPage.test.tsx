import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse } from '@/test/http';
import { bodies, page, renderAsStaff, SLOW, translation } from '../testSetup';
import TranslationsPage from './TranslationsPage';

const ROWS = [
  translation(),
  translation({ ospId: 'tr-2', type: 'APP_TEXT', key: 'app.home.welcome', defaultValue: 'Welcome', translations: [] }),
];

function setup(entry: string) {
  return renderAsStaff(
    [
      { path: '/translations', element: <TranslationsPage /> },
      { path: '/translations/:type', element: <TranslationsPage /> },
    ],
    entry,
    (call) => {
      if (call.url.endsWith('/translation/findByKeyLike') || call.url.endsWith('/translation/findByTranslationLike'))
        return jsonResponse(200, page(ROWS, 3));
      if (call.url.endsWith('/translation/get')) return jsonResponse(200, translation());
      return undefined;
    },
  );
}

describe('translations', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists by key, searches the texts when asked, and pages', SLOW, async () => {
    const { calls, user } = setup('/translations');
    const table = await screen.findByTestId('translations-table');
    expect(await within(table).findByText('product.label.train')).toBeInTheDocument();
    expect(within(table).getByText('App texts')).toBeInTheDocument();
    expect(bodies(calls, '/translation/findByKeyLike')[0]).toEqual({ key: '', pagination: { page: 1, size: 20 } });

    await user.click(screen.getByRole('radio', { name: 'Text' }));
    await user.type(screen.getByTestId('translation-search'), 'zug');
    await waitFor(() =>
      expect(bodies(calls, '/translation/findByTranslationLike').at(-1)).toEqual({ text: 'zug', pagination: { page: 1, size: 20 } }),
    );
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(bodies(calls, '/translation/findByTranslationLike').at(-1)).toEqual({ text: 'zug', pagination: { page: 2, size: 20 } }),
    );
  });

  it('limits translations/{type} to the type and opens a key in the editor', SLOW, async () => {
    const { calls, user, router } = setup('/translations/product-label');
    expect(await screen.findByRole('heading', { name: 'Translations: Product labels' })).toBeInTheDocument();
    await waitFor(() =>
      expect(bodies(calls, '/translation/findByKeyLike')[0]).toEqual({ key: '', type: 'PRODUCT_LABEL', pagination: { page: 1, size: 20 } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit product.label.train' }));
    expect(await screen.findByTestId('translation-text-DE')).toHaveValue('Zug (NMBS/SNCB)');
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/translations'));
  });

  it('answers an unknown type with the not-found page', async () => {
    setup('/translations/nonsense');
    expect(await screen.findByText('404')).toBeInTheDocument();
  });
});
