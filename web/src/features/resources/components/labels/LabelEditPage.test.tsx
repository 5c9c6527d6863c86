import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, type Call } from '@/test/http';
import { fill, lastBody, renderAsStaff, SLOW } from '../../testSetup';
import LabelEditPage from './LabelEditPage';

const stored = {
  ospId: 'l-24',
  defaultValue: '24/7',
  text: 'Open 24/7',
  labelTranslations: [
    { languageCode: 'en', text: 'Open 24/7' },
    { languageCode: 'nl', text: 'Altijd open' },
  ],
  active: true,
  resourceCount: 3,
};

function setup(initial: string, onWrite: (call: Call) => Response = () => jsonResponse(200, { ...stored, ospId: 'l-new' })) {
  return renderAsStaff([{ path: '/resource-management/labels/:createOrEdit', element: <LabelEditPage /> }], initial, (call) => {
    if (call.url.endsWith('/resource/label/get')) return jsonResponse(200, stored);
    if (call.url.endsWith('/resource/label/create') || call.url.endsWith('/resource/label/update')) return onWrite(call);
    return undefined;
  });
}

describe('label create-or-edit', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('creates a label with its translations, each language offered once', SLOW, async () => {
    const { user, calls, router } = setup('/resource-management/labels/create');
    await user.click(await screen.findByTestId('save-label'));
    expect(await screen.findByText('Default text is required')).toBeInTheDocument();

    await fill(user, screen.getByTestId('label-default'), ' EV charging ');
    await user.click(screen.getByTestId('label-add'));
    await fill(user, screen.getByTestId('label-text-en'), 'EV charging');
    await user.click(screen.getByTestId('label-add'));
    await fill(user, screen.getByTestId('label-text-nl'), 'Laadpaal');
    // en and nl are taken: the next language offered is French
    expect(screen.getByTestId('label-add')).toHaveTextContent(/French/);

    await user.click(screen.getByTestId('save-label'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resource-management/labels/l-new'));
    expect(lastBody(calls, '/resource/label/create')).toEqual({
      defaultValue: 'EV charging',
      labelTranslations: [
        { languageCode: 'en', text: 'EV charging' },
        { languageCode: 'nl', text: 'Laadpaal' },
      ],
    });
  });

  it('edits a stored label; the server\'s refusals go to their fields', SLOW, async () => {
    const { user, calls } = setup('/resource-management/labels/l-24', () =>
      jsonResponse(400, {
        errorLabel: 'VALIDATION_FAILED',
        message: 'Some fields are invalid',
        errors: [
          { field: 'defaultValue', messages: ['Default text must be unique'] },
          { field: 'labelTranslations[0].text', messages: ['Translation can have at most 100 characters'] },
        ],
      }),
    );
    expect(await screen.findByTestId('edit-title')).toHaveTextContent('24/7');
    expect(screen.getByTestId('label-text-nl')).toHaveValue('Altijd open');
    await user.click(screen.getByTestId('label-remove-en'));
    await user.click(screen.getByTestId('save-label'));
    await waitFor(() =>
      expect(lastBody(calls, '/resource/label/update')).toEqual({
        ospId: 'l-24',
        defaultValue: '24/7',
        labelTranslations: [{ languageCode: 'nl', text: 'Altijd open' }],
      }),
    );
    const editor = screen.getByTestId('label');
    expect(await within(editor).findByText('Default text must be unique')).toBeInTheDocument();
    expect(within(editor).getByText('Translation can have at most 100 characters')).toBeInTheDocument();
    expect(screen.getByTestId('label-text-nl')).toHaveAttribute('aria-invalid', 'true');
  });
});
