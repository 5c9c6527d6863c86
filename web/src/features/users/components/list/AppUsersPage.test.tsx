import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import AppUsersPage from './AppUsersPage';

const row = (n: number) => ({
  ospId: `u-${n}`, type: 'mobile', firstname: 'User', lastname: `${n}`, fullName: `User ${n}`, email: `u${n}@acme.test`,
  login: `user.${n}`, msisdn: '', employeeNumber: '', extId: '', active: true, blocked: n === 2, roles: ['ospuser'],
  contactTypes: [], corporateAccount: { ospId: 'ca-1', name: 'Acme NV' }, desiredDeactivationDate: n === 3 ? '2031-08-15' : '',
});

function setup(total = 25) {
  const { calls } = mockFetch(({ body }) => {
    const page = (body as { pagination: { page: number } }).pagination.page;
    return jsonResponse(200, {
      content: [1, 2, 3].map((i) => row((page - 1) * 10 + i)),
      totalElements: total, totalPages: Math.ceil(total / 10), page, size: 10,
    });
  });
  const result = renderRoutes(
    [
      { path: '/manage/app-users', element: <AppUsersPage /> },
      { path: '/manage/app-users/:userOspId', element: <div data-testid="page">detail</div> },
    ],
    '/manage/app-users',
    newQueryClient(makeUser()),
  );
  return { ...result, calls, user: userEvent.setup() };
}

const bodies = (calls: { url: string; body: unknown }[]) =>
  calls.filter((c) => c.url.endsWith('/user/findByAny')).map((c) => c.body as Record<string, unknown>);

describe('AppUsersPage', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the first page of the company\'s active app users, sorted by last name', async () => {
    const { calls } = setup();
    expect(await screen.findByText('User 1')).toBeInTheDocument();
    expect(bodies(calls)[0]).toEqual({
      corporateAccountOspId: 'ca-1',
      types: ['mobile'],
      active: true,
      pagination: { page: 1, size: 10, sortOrders: [{ property: 'lastname', direction: 'ASC' }] },
    });
    expect(screen.getByText('Blocked')).toBeInTheDocument();
    expect(screen.getByText('Deactivation planned on 15/08/2031')).toBeInTheDocument();
  });

  it('pages, sorts and filters on the server', async () => {
    const { calls, user } = setup();
    await screen.findByText('User 1');
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('User 11')).toBeInTheDocument();
    expect(bodies(calls).at(-1)).toMatchObject({ pagination: { page: 2 } });

    await user.click(screen.getByRole('button', { name: 'Sort by E-mail' }));
    await waitFor(() =>
      expect(bodies(calls).at(-1)).toMatchObject({ pagination: { page: 1, sortOrders: [{ property: 'email', direction: 'ASC' }] } }),
    );

    await user.click(screen.getByLabelText('Inactive users'));
    await waitFor(() => expect(bodies(calls).at(-1)).toMatchObject({ active: false, pagination: { page: 1 } }));
  });

  it('searches 700 ms after the last keystroke, from page 1', async () => {
    const { calls, user } = setup();
    await screen.findByText('User 1');
    await user.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('User 11');
    const before = bodies(calls).length;
    await user.type(screen.getByTestId('app-users-search'), 'peet');
    // Nothing while typing…
    expect(bodies(calls)).toHaveLength(before);
    // …one call once the typing stopped.
    await waitFor(() => expect(bodies(calls)).toHaveLength(before + 1), { timeout: 2000 });
    expect(bodies(calls).at(-1)).toMatchObject({ search: 'peet', pagination: { page: 1 } });
  });

  it('opens a user from the list', async () => {
    const { user, router } = setup();
    await user.click(await screen.findByText('User 1'));
    expect(router.state.location.pathname).toBe('/manage/app-users/u-1');
  });

  it('opens a user by keyboard: the row is a link reached by Tab and followed with Enter', async () => {
    const { user, router } = setup();
    const link = await screen.findByRole('link', { name: 'User 1' });
    link.focus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'User 2' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/manage/app-users/u-2');
  });

  it('says so when there are no users', async () => {
    mockFetch(() => jsonResponse(200, { content: [], totalElements: 0, totalPages: 0, page: 1, size: 10 }));
    renderRoutes([{ path: '/manage/app-users', element: <AppUsersPage /> }], '/manage/app-users', newQueryClient(makeUser()));
    expect(await screen.findByText('There are no users to show yet.')).toBeInTheDocument();
  });
});
