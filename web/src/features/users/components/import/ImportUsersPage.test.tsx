import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import ImportUsersPage from './ImportUsersPage';

const uploaded = {
  uploadId: 'up-1', kind: 'create', filename: 'users.csv', rowCount: 3, status: 'uploaded',
  columns: ['firstname', 'lastname', 'email', 'login'], ignoredColumns: ['shoeSize'],
};

function setup(report: object) {
  const { calls } = mockFetch(({ url }) => {
    if (url.endsWith('/upload/upload')) return jsonResponse(200, uploaded);
    if (url.endsWith('/upload/validate')) return jsonResponse(200, report);
    if (url.endsWith('/upload/process')) {
      return jsonResponse(200, { uploadId: 'up-1', status: 'processed', created: 2, updated: 0, skipped: 0, alreadyProcessed: 1, rows: [] });
    }
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  const result = renderRoutes(
    [{ path: '/manage/import-users', element: <ImportUsersPage /> }],
    '/manage/import-users?kind=create',
    newQueryClient(makeUser()),
  );
  return { ...result, calls, user: userEvent.setup() };
}

async function uploadFile(user: ReturnType<typeof userEvent.setup>, container: HTMLElement) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  await user.upload(input, new File(['firstname;lastname\n'], 'users.csv', { type: 'text/csv' }));
  await user.click(screen.getByTestId('import-upload'));
}

describe('ImportUsersPage', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists every line error with its field and reason, and refuses to process', async () => {
    const { user, container, calls } = setup({
      uploadId: 'up-1', status: 'invalid', rowCount: 3, toCreate: 1, toUpdate: 0, skipped: 0, alreadyProcessed: 0,
      errors: [
        { line: 3, field: 'email', messages: ['The email format seems to be wrong'] },
        { line: 4, field: 'firstname', messages: ['First name is required', 'Second reason'] },
      ],
    });
    await uploadFile(user, container);

    const table = await screen.findByTestId('import-errors');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['3', 'email', 'The email format seems to be wrong'],
      ['4', 'firstname', 'First name is requiredSecond reason'],
    ]);
    expect(screen.getByTestId('import-status')).toHaveTextContent('The file has 2 error(s). Nothing has been changed.');
    expect(screen.getByText(/These columns are not known and will be ignored: shoeSize/)).toBeInTheDocument();
    expect(screen.getByTestId('import-process')).toBeDisabled();

    const upload = calls.find((c) => c.url.endsWith('/upload/upload'))!;
    expect(upload.method).toBe('POST');
    expect(calls.find((c) => c.url.endsWith('/upload/validate'))!.body).toEqual({ uploadId: 'up-1' });
  });

  it('processes a valid file and shows what happened', async () => {
    const { user, container, calls } = setup({
      uploadId: 'up-1', status: 'valid', rowCount: 3, toCreate: 2, toUpdate: 0, skipped: 0, alreadyProcessed: 1, errors: [],
    });
    await uploadFile(user, container);
    expect(await screen.findByText('The file is valid and can be processed.')).toBeInTheDocument();
    await user.click(screen.getByTestId('import-process'));
    const result = await screen.findByTestId('process-report');
    expect(within(result).getByTestId('figure-Created')).toHaveTextContent('2');
    expect(within(result).getByTestId('figure-Already processed')).toHaveTextContent('1');
    expect(calls.find((c) => c.url.endsWith('/upload/process'))!.body).toEqual({ uploadId: 'up-1' });
  });
});
