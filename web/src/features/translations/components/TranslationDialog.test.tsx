import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse } from '@/test/http';
import { bodies, renderAsStaff, SLOW, translation } from '../testSetup';
import { TranslationDialog } from './TranslationDialog';
import { characterCount, toWrite, translationValues } from './translationForm';

function setup(target: string, answer: (url: string, body: unknown) => Response | undefined = () => undefined) {
  const onClose = vi.fn();
  const result = renderAsStaff(
    [{ path: '/translations', element: <TranslationDialog target={target} type="APP_TEXT" onClose={onClose} /> }],
    '/translations',
    (call) => {
      const own = answer(call.url, call.body);
      if (own) return own;
      if (call.url.endsWith('/translation/get')) return jsonResponse(200, translation());
      if (call.url.endsWith('/translation/create') || call.url.endsWith('/translation/update'))
        return jsonResponse(200, translation({ key: (call.body as { key: string }).key }));
      if (call.url.endsWith('/translation/delete')) return jsonResponse(204);
      return undefined;
    },
  );
  return { ...result, onClose };
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the translation editor', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('writes each language once, in order, and leaves blank ones out', () => {
    const values = translationValues(translation());
    values.texts.BE = '   ';
    values.texts.DE = 'Zug';
    expect(toWrite(values).translations).toEqual([
      { languageCode: 'GB', text: 'Train (NMBS/SNCB)' },
      { languageCode: 'FR', text: 'Train (SNCB)' },
      { languageCode: 'DE', text: 'Zug' },
    ]);
    // a language the server sent twice is one field: the last text wins, written once
    const twice = translationValues(
      translation({ translations: [{ languageCode: 'FR', text: 'un', length: 2 }, { languageCode: 'FR', text: 'deux', length: 4 }] }),
    );
    expect(toWrite(twice).translations).toEqual([{ languageCode: 'FR', text: 'deux' }]);
    // characters as the server counts them: an emoji is one
    expect(characterCount('😀é')).toBe(2);
  });

  it('adds a translation with the languages filled in, each once', SLOW, async () => {
    const { calls, user, onClose } = setup('new');
    type('translation-key', 'app.hello');
    type('translation-default', 'Hello');
    type('translation-text-GB', 'Hello');
    type('translation-text-FR', 'Bonjour');
    await user.click(screen.getByTestId('translation-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies(calls, '/translation/create')).toEqual([
      {
        type: 'APP_TEXT',
        key: 'app.hello',
        defaultValue: 'Hello',
        translations: [
          { languageCode: 'GB', text: 'Hello' },
          { languageCode: 'FR', text: 'Bonjour' },
        ],
      },
    ]);
  });

  it('takes 90,000 characters and refuses 90,001, counting as the user types', SLOW, async () => {
    const { calls, user, onClose } = setup('new');
    type('translation-key', 'mail.long');
    type('translation-default', 'Long');
    type('translation-text-FR', 'é'.repeat(90_001));
    expect(screen.getByTestId('translation-text-FR-count')).toHaveTextContent('90,001 / 90,000 characters');
    await user.click(screen.getByTestId('translation-save'));
    expect(await screen.findByText('French (FR) can have at most 90000 characters')).toBeInTheDocument();
    expect(bodies(calls, '/translation/create')).toEqual([]);

    type('translation-text-FR', 'é'.repeat(90_000));
    expect(screen.getByTestId('translation-text-FR-count')).toHaveTextContent('90,000 / 90,000 characters');
    await user.click(screen.getByTestId('translation-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [body] = bodies(calls, '/translation/create') as { translations: { languageCode: string; text: string }[] }[];
    expect(body?.translations).toHaveLength(1);
    expect(body?.translations[0]?.text).toHaveLength(90_000);
  });

  it('refuses a key with a control character and a missing default value', SLOW, async () => {
    const { calls, user } = setup('new');
    type('translation-key', 'app\tkey');
    await user.click(screen.getByTestId('translation-save'));
    expect(await screen.findByText('Key may only hold printable characters (no tabs, line breaks or control characters)')).toBeInTheDocument();
    expect(screen.getByText('Default value is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('/translation/'))).toEqual([]);
  });

  it("puts the server's field errors under their language", SLOW, async () => {
    const { user } = setup('tr-1', (url) =>
      url.endsWith('/translation/update')
        ? jsonResponse(400, {
            errorLabel: 'VALIDATION_FAILED',
            message: 'invalid',
            errors: [
              { field: 'translations[2].text', messages: ['Text must keep the placeholders'] },
              { field: 'key', messages: ['Key must be unique'] },
            ],
          })
        : undefined,
    );
    // the whole texts come from get; edit one and save
    await screen.findByTestId('translation-text-BE');
    type('translation-text-BE', 'Trein');
    await user.click(screen.getByTestId('translation-save'));
    expect(await screen.findByText('Key must be unique')).toBeInTheDocument();
    // translations[2] of the write is FR (GB, BE, FR, DE all filled)
    const fr = screen.getByTestId('translation-text-FR');
    expect(fr).toHaveAccessibleDescription(expect.stringContaining('Text must keep the placeholders'));
  });

  it('deletes after confirmation', SLOW, async () => {
    const { calls, user, onClose } = setup('tr-1');
    await user.click(await screen.findByTestId('translation-delete'));
    expect(bodies(calls, '/translation/delete')).toEqual([]);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies(calls, '/translation/delete')).toEqual([{ ospId: 'tr-1' }]);
  });
});
