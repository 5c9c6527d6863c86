import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import * as notify from '@/lib/notify';
import { jsonResponse } from '@/test/http';
import { service } from '../../testFixtures';
import { lastBody, renderAsStaff, SLOW } from '../../testSetup';
import { IconCard } from './IconCard';

function setup(resource = service) {
  const result = renderAsStaff([{ path: '/', element: <IconCard resource={resource} /> }], '/', (call) => {
    if (call.url.includes('/image/icon?')) return new Response(new Blob(['png']), { status: 200, headers: { 'Content-Type': 'image/png' } });
    if (call.url.endsWith('/resource/service/icon/upload')) return jsonResponse(200, { ...service.icon, version: 'v2' });
    if (call.url.endsWith('/resource/service/icon/delete')) return jsonResponse(204);
    return undefined;
  });
  const fetchMock = vi.mocked(fetch);
  return { ...result, fetchMock };
}

describe('a service resource\'s icon', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
    URL.createObjectURL = vi.fn(() => 'blob:icon');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the stored icon (GET image/icon) with what it is', SLOW, async () => {
    const { calls } = setup();
    expect(await screen.findByRole('img', { name: 'Icon of NMBS tickets' })).toHaveAttribute('src', 'blob:icon');
    expect(screen.getByText('nmbs.png: 2048 bytes, 64 × 64 pixels')).toBeInTheDocument();
    const get = calls.find((c) => c.url.includes('/image/icon'))!;
    expect(get.method).toBe('GET');
    expect(get.url).toMatch(/\/portal-service\/v1\/image\/icon\?serviceResourceOspId=sv-1$/);
  });

  it('uploads one file as a multipart form, and refuses a too big one before sending it', SLOW, async () => {
    const tooBig = vi.spyOn(notify, 'notifyError');
    const { user, calls, fetchMock } = setup();
    const input = screen.getByTestId('icon-card').querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg,image/svg+xml');
    await user.upload(input, new File([new Uint8Array(1_000_001)], 'big.png', { type: 'image/png' }));
    expect(tooBig).toHaveBeenCalledWith('The file is too big: at most 1 MB.');
    expect(calls.some((c) => c.url.endsWith('/icon/upload'))).toBe(false);

    await user.upload(input, new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'tickets.svg', { type: 'image/svg+xml' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/icon/upload'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/icon/upload'))!;
    const form = init!.body as FormData;
    expect(form.get('serviceResourceOspId')).toBe('sv-1');
    expect((form.get('file') as File).name).toBe('tickets.svg');
  });

  it('deletes the icon after a confirmation', SLOW, async () => {
    const { user, calls } = setup();
    await user.click(screen.getByTestId('delete-icon'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the icon?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(lastBody(calls, '/resource/service/icon/delete')).toEqual({ ospId: 'sv-1' }));
  });

  it('offers an upload when there is none', SLOW, async () => {
    setup({ ...service, icon: null });
    expect(screen.getByText('This service has no icon.')).toBeInTheDocument();
    expect(screen.getByTestId('upload-icon')).toHaveTextContent('Upload icon');
    expect(screen.queryByTestId('delete-icon')).toBeNull();
  });
});
