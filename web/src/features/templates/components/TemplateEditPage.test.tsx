import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, type Call } from '@/test/http';
import type { PreviewBody } from '../api/templates';
import { bodies, PREDEFINED, renderAsStaff, SLOW, template } from '../testSetup';
import TemplateEditPage, { fieldMap } from './TemplateEditPage';

const t = (key: string) => i18n.t(`templates:${key}`);

const TODAY = new Date().toISOString().slice(0, 10);
const EXISTING = template({
  versions: [
    { ospId: 'v-1', language: 'nl', validFrom: '2026-01-01', external: false, subject: 'Welkom oud', body: 'Oud {{.Name}}', createdOn: '', current: false },
    { ospId: 'v-2', language: 'nl', validFrom: TODAY, external: false, subject: 'Welkom nu', body: 'Dag {{.Name}}', createdBy: 'ospadmin', createdOn: '', current: true },
    { ospId: 'v-3', language: 'fr', validFrom: TODAY, external: false, subject: 'Bienvenue', body: 'Bonjour {{.Name}}', createdOn: '', current: true },
  ],
});

/** The server's preview: the body with {{.Name}} filled, escaped like html/template for HTML. */
function render(body: PreviewBody) {
  const fill = (s: string) => s.replaceAll('{{.Name}}', body.contentType === 'HTML' ? '&lt;b&gt;Eva' : 'Eva Peeters');
  if (body.body.includes('{{.Foo}}'))
    return jsonResponse(400, { errorLabel: 'VALIDATION_FAILED', message: 'x', errors: [{ field: 'body', messages: ['Unknown parameter {{.Foo}} on line 1'] }] });
  return jsonResponse(200, { subject: fill(body.subject), body: fill(body.body), contentType: body.contentType, parameters: {}, sample: false });
}

function setup(saveAnswer?: (call: Call) => Response) {
  return renderAsStaff([{ path: '/templates/edit', element: <TemplateEditPage /> }, { path: '/templates', element: <p>list</p> }], '/templates/edit?ospId=tpl-1', (call) => {
    if (call.url.endsWith('/template/get')) return jsonResponse(200, { content: [EXISTING], totalElements: 1, totalPages: 1, page: 1, size: 1 });
    if (call.url.endsWith('/getPredefinedTemplateNames/MESSAGE')) return jsonResponse(200, PREDEFINED);
    if (call.url.endsWith('/template/getOwners')) return jsonResponse(200, []);
    if (call.url.endsWith('/template/getCategories')) return jsonResponse(200, ['ACCOUNT', 'BUDGET']);
    if (call.url.endsWith('/preview/render')) return render(call.body as PreviewBody);
    if (call.url.endsWith('/template/update')) return saveAnswer ? saveAnswer(call) : jsonResponse(200, EXISTING);
    return undefined;
  });
}

describe('template editor', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('maps the server fields of the versions sent onto their languages', () => {
    expect(fieldMap(['nl', 'de'])['versions[1].body']).toBe('drafts.de.body');
    expect(fieldMap(['nl', 'de'])['ownerOspId']).toBe('owner');
  });

  it('shows a language’s history and a live preview that follows the editor', SLOW, async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByTestId('tab-nl'));
    const history = await screen.findByTestId('history-nl');
    expect(within(history).getByText('Welkom nu')).toBeInTheDocument();
    expect(within(history).getByText(t('current'))).toBeInTheDocument();
    expect(within(history).getByText(t('past'))).toBeInTheDocument();
    // the editor starts from the version in use; the preview renders it
    await waitFor(() => expect(screen.getByTestId('preview-body')).toHaveTextContent('Dag Eva Peeters'), SLOW);

    const body = screen.getByTestId('field-body-nl');
    await user.clear(body);
    await user.type(body, 'Hallo {{{{.Name}} en welkom');
    await waitFor(() => expect(screen.getByTestId('preview-body')).toHaveTextContent('Hallo Eva Peeters en welkom'), SLOW);
    expect(bodies(calls, '/preview/render').at(-1)).toEqual({
      predefinedName: 'credentials_mobile',
      contentType: 'TEXT',
      subject: 'Welkom nu',
      body: 'Hallo {{.Name}} en welkom',
    });
    // an unknown parameter: the server's message instead of a rendering
    await user.type(body, ' {{{{.Foo}}');
    expect(await screen.findByTestId('preview-errors', {}, SLOW)).toHaveTextContent('Unknown parameter {{.Foo}} on line 1');
  });

  it('renders HTML in a sandboxed frame without scripts', SLOW, async () => {
    const { user } = setup();
    await screen.findByTestId('template-form');
    const input = screen.getByTestId('field-contentType');
    await user.click(input);
    await waitFor(() => expect(input).toHaveAttribute('aria-controls'));
    const listbox = document.getElementById(input.getAttribute('aria-controls')!)!;
    await user.click(await within(listbox).findByRole('option', { name: 'HTML', hidden: true }));
    const frame = await screen.findByTestId('preview-html', {}, SLOW);
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('Hello &lt;b&gt;Eva');
  });

  it('sends the edited languages as new versions and shows the server’s field errors on them', SLOW, async () => {
    const { user, calls } = setup(() =>
      jsonResponse(400, {
        errorLabel: 'VALIDATION_FAILED',
        message: 'Unknown parameter {{.Foo}} on line 2',
        errors: [{ field: 'versions[0].body', messages: ['Unknown parameter {{.Foo}} on line 2'] }],
      }),
    );
    await user.click(await screen.findByTestId('tab-fr'));
    const body = await screen.findByTestId('field-body-fr');
    await user.clear(body);
    await user.type(body, 'Bonjour{{{{.Foo}}');
    await user.click(screen.getByTestId('save-template'));
    expect(await screen.findByText('Unknown parameter {{.Foo}} on line 2', {}, SLOW)).toBeInTheDocument();
    const sent = bodies(calls, '/template/update').at(-1) as { versions: { language: string; body: string; validFrom: string }[] };
    expect(sent.versions).toEqual([expect.objectContaining({ language: 'fr', body: 'Bonjour{{.Foo}}', validFrom: TODAY })]);
  });
});
