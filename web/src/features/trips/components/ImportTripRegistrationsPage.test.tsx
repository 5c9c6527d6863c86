import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import ImportTripRegistrationsPage from './ImportTripRegistrationsPage';

const uploaded = { uploadId: 'up-7', filename: 'trips.csv', rowCount: 3, status: 'UPLOADED' };

function setup(report: object) {
  const { calls, fn } = mockFetch(({ url }) => {
    if (url.endsWith('/travel/registration/upload/upload')) return jsonResponse(200, uploaded);
    if (url.endsWith('/travel/registration/upload/validate')) return jsonResponse(200, report);
    if (url.endsWith('/travel/registration/upload/process')) {
      return jsonResponse(200, { uploadId: 'up-7', status: 'processed', rowCount: 3, errors: [], created: [{ line: 2, ospId: 'r-1' }, { line: 3, ospId: 'r-2' }, { line: 4, ospId: 'r-3' }] });
    }
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  const result = renderRoutes(
    [{ path: '/manage/import-trip-registrations', element: <ImportTripRegistrationsPage /> }],
    '/manage/import-trip-registrations?userOspId=u-9',
    newQueryClient(makeUser()),
  );
  return { ...result, calls, fn, user: userEvent.setup() };
}

async function uploadFile(user: ReturnType<typeof userEvent.setup>, container: HTMLElement) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File(['userOspId;date;kind\n'], 'trips.csv', { type: 'text/csv' }));
  await user.click(screen.getByTestId('import-upload'));
}

describe('ImportTripRegistrationsPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the expected columns, uploads the file for the company and lists every line error', async () => {
    const { user, container, calls, fn } = setup({
      uploadId: 'up-7', status: 'invalid', rowCount: 3, created: [],
      errors: [
        { line: 2, field: 'mode', messages: ['The company does not compensate this kind of trip'] },
        { line: 4, field: 'distance', messages: ['Distance must be a whole number of metres', 'Second reason'] },
      ],
    });
    expect(screen.getByTestId('import-columns')).toHaveTextContent('userOspId;date;kind;mode;direction;distance;description');
    await uploadFile(user, container);

    const table = await screen.findByTestId('import-errors');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['2', 'mode', 'The company does not compensate this kind of trip'],
      ['4', 'distance', 'Distance must be a whole number of metresSecond reason'],
    ]);
    expect(screen.getByTestId('import-status')).toHaveTextContent('The file has 2 error(s). Nothing has been changed.');
    expect(screen.getByTestId('import-process')).toBeDisabled();

    const uploadCall = fn.mock.calls.find(([url]) => String(url).endsWith('/upload/upload'))!;
    const form = uploadCall[1]!.body as FormData;
    expect(form.get('corporateAccountOspId')).toBe('ca-1');
    expect((form.get('file') as File).name).toBe('trips.csv');
    expect(calls.find((c) => c.url.endsWith('/upload/validate'))!.body).toEqual({ uploadId: 'up-7' });
    expect(calls.some((c) => c.url.endsWith('/upload/process'))).toBe(false);
  });

  it('processes a valid file once and tells how many registrations it added', async () => {
    const { user, container, calls } = setup({ uploadId: 'up-7', status: 'valid', rowCount: 3, errors: [], created: [] });
    await uploadFile(user, container);
    expect(await screen.findByText('The file is valid and can be processed.')).toBeInTheDocument();
    await user.click(screen.getByTestId('import-process'));
    expect(await screen.findByTestId('process-report')).toHaveTextContent('The file has been processed: 3 registration(s) added.');
    expect(calls.find((c) => c.url.endsWith('/upload/process'))!.body).toEqual({ uploadId: 'up-7' });
    expect(screen.queryByTestId('import-process')).toBeNull();
  });
});
