import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { GuestOnly } from '@/app/guards/GuestOnly';
import { resetApiClientForTests } from '@/lib/api/client';
import { getAccessToken } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { clearPendingLogin } from '../pendingLogin';
import LoginPage from './LoginPage';
import TwoFactorPage from './TwoFactorPage';

const DEMO_DIGEST = '7dbb7f051b44d7d54584a7bc6c32f00da5a3b5e6973485b9fb176fe56346b3e3';

const routes: RouteObject[] = [
  { path: '/login', element: <GuestOnly><LoginPage /></GuestOnly> },
  { path: '/2-factor-auth', element: <GuestOnly><TwoFactorPage /></GuestOnly> },
  { path: '/dashboard', element: <div data-testid="dashboard">dashboard</div> },
];

async function signIn(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Login/), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

beforeEach(() => {
  resetApiClientForTests();
  clearPendingLogin();
});
afterEach(() => vi.unstubAllGlobals());

describe('sign-in', () => {
  it('sends the SHA-256 passdigest and lands on the dashboard', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { token: 'a', refreshToken: 'r', expiresIn: 900 }));
    const { router } = renderRoutes(routes, '/login');
    await signIn('acme.admin', 'Demo1234!');

    expect(await screen.findByTestId('dashboard')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: '/user-service/v1/auth/login',
      body: { username: 'acme.admin', passdigest: DEMO_DIGEST },
    });
    expect(getAccessToken()).toBe('a');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('requires login and password', async () => {
    const { calls } = mockFetch(() => jsonResponse(500, {}));
    renderRoutes(routes, '/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows wrong credentials in the form and clears the message on edit', async () => {
    mockFetch(() => jsonResponse(401, { errorLabel: 'WRONG_CREDENTIALS', message: 'wrong' }));
    renderRoutes(routes, '/login');
    const user = await signIn('acme.admin', 'nope');

    expect(await screen.findByTestId('login-error')).toHaveTextContent('The login and password do not match');
    await user.type(screen.getByLabelText(/^Password/), 'x');
    await waitFor(() => expect(screen.queryByTestId('login-error')).toBeNull());
  });

  it('goes through two-factor enrolment, rejecting a wrong code', async () => {
    const { calls } = mockFetch(({ body }: Call) => {
      const code = (body as { code2fa?: string }).code2fa;
      if (!code) {
        return jsonResponse(200, {
          twoFactorRequired: true,
          qrCode2fa: 'data:image/png;base64,iVBORw0KGgo=',
          secret2fa: 'JBSWY3DPEHPK3PXP',
        });
      }
      return code === '123456'
        ? jsonResponse(200, { token: 'a2', refreshToken: 'r2', expiresIn: 900 })
        : jsonResponse(401, { errorLabel: 'INCORRECT_TWO_FACTOR_AUTHENTICATION_CODE' });
    });
    const { router } = renderRoutes(routes, '/login');
    const user = await signIn('acme.2fa', 'Demo1234!');

    expect(await screen.findByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(screen.getByTestId('two-factor-qr')).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(router.state.location.pathname).toBe('/2-factor-auth');

    await user.type(screen.getByLabelText(/^Code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText("Seems like it's wrong code")).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Code/));
    await user.type(screen.getByLabelText(/^Code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('dashboard')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ username: 'acme.2fa', passdigest: DEMO_DIGEST, code2fa: '123456' });
    expect(getAccessToken()).toBe('a2');
  });

  it('sends a visitor of the two-factor page without a password step back to login', async () => {
    mockFetch(() => jsonResponse(500, {}));
    const { router } = renderRoutes(routes, '/2-factor-auth');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
