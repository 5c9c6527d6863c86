import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import { notifyError } from '@/lib/notify';
import { BrandingEditor, textOn } from './BrandingEditor';

vi.mock('@/lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const logo = { imageType: 'LOGO', inherited: true, source: 'PARTNER', contentType: 'image/svg+xml', fileName: 'logo.svg', width: 0, height: 0, size: 120, version: 'v1' };
const inheritedFromPartner = {
  ownerOspId: 'ca-1',
  ownerKind: 'CORPORATE_ACCOUNT',
  brandColor: '#2B8A3E',
  primaryColor: '#2B8A3E',
  secondaryColor: '#0F89EA',
  variantColor: '#0F89EA',
  own: { brandColor: null, primaryColor: null, secondaryColor: null, variantColor: null },
  colorSources: { brandColor: 'PARTNER', primaryColor: 'PARTNER', secondaryColor: 'DEFAULT', variantColor: 'DEFAULT' },
  inherited: true,
  source: 'PARTNER',
  images: [logo],
};
const typeInfo = (imageType: string) => ({ imageType, contentTypes: ['image/png', 'image/jpeg', 'image/svg+xml'], maxBytes: 1048576 });

function setup(configuration: object = inheritedFromPartner, onPut: (call: Call) => Response = (call) => jsonResponse(200, { ...inheritedFromPartner, ...(call.body as object), inherited: false, source: 'COMPANY' })) {
  const { calls } = mockFetch((call) => {
    if (call.method === 'GET' && call.url.endsWith('/branding/configuration/ca-1')) return jsonResponse(200, configuration);
    if (call.method === 'GET' && call.url.endsWith('/branding/image/types/corporateAccount')) return jsonResponse(200, [typeInfo('LOGO'), typeInfo('APP_ICON')]);
    if (call.method === 'PUT' && call.url.endsWith('/branding/configuration')) return onPut(call);
    if (call.method === 'DELETE' && call.url.endsWith('/branding/configuration/ca-1')) return new Response(null, { status: 204 });
    if (call.url.endsWith('/branding/image/upload')) return jsonResponse(200, { ...logo, imageType: 'APP_ICON', inherited: false, source: 'COMPANY' });
    if (call.url.endsWith('/branding/image/get')) return new Response(new Blob(['<svg/>'], { type: 'image/svg+xml' }), { status: 200 });
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  const client = newQueryClient(makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true }));
  // The applied theme's query (features/branding) must be refreshed by a save.
  client.setQueryData(['branding', 'ca-1'], { brandColor: '#2B8A3E' });
  const result = renderRoutes([{ path: '/', element: <BrandingEditor ownerOspId="ca-1" ownerKind="CORPORATE_ACCOUNT" /> }], '/', client);
  return { ...result, calls, user: userEvent.setup() };
}

describe('BrandingEditor', { timeout: 20000 }, () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
    URL.createObjectURL = vi.fn(() => 'blob:logo');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says the colours are inherited from the partner and cannot be reset yet', async () => {
    setup();
    expect(await screen.findByTestId('branding-source')).toHaveTextContent('Inherited from the partner');
    expect(screen.getByTestId('branding-reset')).toBeDisabled();
    expect(screen.getByTestId('preview-brand')).toHaveAttribute('data-color', '#2B8A3E');
    // Empty fields inherit: the inherited colour is the placeholder, and where it comes from is said.
    expect(screen.getByLabelText(/^Brand colour/)).toHaveValue('');
    expect(screen.getByLabelText(/^Brand colour/)).toHaveAttribute('placeholder', '#2B8A3E');
    expect(screen.getAllByText("Empty: inherits the partner's #2B8A3E")).toHaveLength(2);
    expect(screen.getAllByText('Empty: inherits the platform default #0F89EA')).toHaveLength(2);
    // The image types of a company, the inherited logo shown and marked.
    expect(await screen.findByTestId('image-LOGO')).toHaveTextContent('Inherited');
    expect(screen.getByTestId('image-APP_ICON')).toHaveTextContent('No image');
    expect(await screen.findByRole('img', { name: 'Logo image' })).toHaveAttribute('src', 'blob:logo');
  });

  it('says when the colours come from the platform default, and when they are the owner\'s own', async () => {
    setup({ ...inheritedFromPartner, source: 'DEFAULT' });
    expect(await screen.findByTestId('branding-source')).toHaveTextContent('Inherited from the platform default');
  });

  it('refuses a colour that is not # and 6 or 8 hex characters', async () => {
    const { user, calls } = setup();
    const brand = await screen.findByLabelText(/^Brand colour/);
    await user.clear(brand);
    await user.type(brand, '#12345');
    await user.click(screen.getByTestId('branding-save'));
    expect(await screen.findByText('Brand colour must be # followed by 6 or 8 hexadecimal characters')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('saves the colours uppercased and refreshes the applied theme', async () => {
    const { user, calls, client } = setup();
    const brand = await screen.findByLabelText(/^Brand colour/);
    await user.clear(brand);
    await user.type(brand, '#ab12cd');
    expect(brand).toHaveValue('#AB12CD');
    const variant = screen.getByLabelText(/^Variant colour/);
    await user.type(variant, '#00ff0080');
    await user.click(screen.getByTestId('branding-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    // Empty colours go as empty: they inherit.
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      ownerOspId: 'ca-1',
      brandColor: '#AB12CD',
      primaryColor: '',
      secondaryColor: '',
      variantColor: '#00FF0080',
    });
    expect(screen.getByTestId('preview-primary')).toHaveAttribute('data-color', '#2B8A3E');
    await waitFor(() => expect(client.getQueryState(['branding', 'ca-1'])?.isInvalidated).toBe(true));
  });

  it('shows the server\'s message on the field it names', async () => {
    const { user } = setup(inheritedFromPartner, () =>
      jsonResponse(400, { errorLabel: 'VALIDATION_FAILED', message: 'invalid', errors: [{ field: 'primaryColor', messages: ['Primary colour is not valid'] }] }),
    );
    await screen.findByLabelText(/^Brand colour/);
    await user.click(screen.getByTestId('branding-save'));
    expect(await screen.findByText('Primary colour is not valid')).toBeInTheDocument();
  });

  it('resets an own configuration to the inherited one after a confirmation', async () => {
    const { user, calls } = setup({
      ...inheritedFromPartner,
      own: { ...inheritedFromPartner.own, brandColor: '#112233' },
      brandColor: '#112233',
      colorSources: { ...inheritedFromPartner.colorSources, brandColor: 'COMPANY' },
      inherited: false,
      source: 'COMPANY',
      images: [{ ...logo, inherited: false, source: 'COMPANY' }],
    });
    expect(await screen.findByTestId('branding-source')).toHaveTextContent('This company has its own branding');
    expect(screen.getByLabelText(/^Brand colour/)).toHaveValue('#112233');
    expect(screen.getByTestId('branding-reset')).toBeEnabled();
    // An own image can be deleted.
    expect(await screen.findByRole('button', { name: 'Delete Logo' })).toBeInTheDocument();
    await user.click(screen.getByTestId('branding-reset'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reset to inherited' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')!.url).toMatch(/\/branding\/configuration\/ca-1$/);
  });

  it('uploads one file for an image type, and refuses a too big one before sending it', async () => {
    const { user, calls } = setup();
    const row = await screen.findByTestId('image-APP_ICON');
    expect(row).toHaveTextContent('At most 1 MB');
    const input = row.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.multiple).toBe(false);
    const big = new File([new Uint8Array(1_048_577)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(notifyError).toHaveBeenCalledWith('The file is too big: at most 1 MB.');
    expect(calls.filter((c) => c.url.endsWith('/image/upload'))).toHaveLength(0);
    await user.upload(input, new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'icon.svg', { type: 'image/svg+xml' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/image/upload'))).toHaveLength(1));
  });

  it('writes black or white on a colour, whichever reads', () => {
    expect(textOn('#FFFF00')).toBe('#000000');
    expect(textOn('#0B3D91')).toBe('#FFFFFF');
  });
});
