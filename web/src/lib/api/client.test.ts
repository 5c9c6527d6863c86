import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { installSessionHandlers } from '@/app/sessionHandlers';
import { getAccessToken, getRefreshToken, setTokens } from '../auth/tokens';
import { INTENDED_ROUTE_KEY, REFRESH_WAIT_MAX_MS, REQUEST_TIMEOUT_MS } from '../constants';
import { registerNavigate } from '../navigation';
import { jsonResponse, mockFetch } from '@/test/http';
import { apiRequest, configureApiClient, REFRESH_PATH, resetApiClientForTests } from './client';
import { ApiError } from './errors';

const expired = () => jsonResponse(401, { errorLabel: 'TOKEN_EXPIRED', message: 'token expired' });

describe('apiRequest', () => {
  let onError: Mock<(error: ApiError) => void>;
  let onSessionExpired: Mock<(error: ApiError) => void>;

  beforeEach(() => {
    resetApiClientForTests();
    onError = vi.fn<(error: ApiError) => void>();
    onSessionExpired = vi.fn<(error: ApiError) => void>();
    configureApiClient({ onError, onSessionExpired });
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends JSON with the bearer token and returns the parsed body', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { ok: true }));
    await expect(apiRequest('/portal-service/v1/x', { body: { a: 1 } })).resolves.toEqual({ ok: true });
    expect(calls[0]).toMatchObject({ method: 'POST', authorization: 'Bearer access-1', body: { a: 1 } });
  });

  it('sends the Idempotency-Key of a money call with every attempt, the 401 retry included', async () => {
    const { calls } = mockFetch(({ url, authorization }) => {
      if (url === REFRESH_PATH) return jsonResponse(200, { token: 'access-2', refreshToken: 'refresh-2' });
      return authorization === 'Bearer access-2' ? jsonResponse(200, { ok: 1 }) : expired();
    });
    await apiRequest('/portal-service/v1/budget/redeem', { body: { a: 1 }, idempotencyKey: 'form-key-1' });
    const money = calls.filter((c) => c.url === '/portal-service/v1/budget/redeem');
    expect(money).toHaveLength(2);
    for (const call of money) expect(call.headers['Idempotency-Key']).toBe('form-key-1');
    expect(calls.find((c) => c.url === REFRESH_PATH)!.headers['Idempotency-Key']).toBeUndefined();
  });

  it('sends no Idempotency-Key unless the call gives one', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { ok: true }));
    await apiRequest('/portal-service/v1/x', { body: { a: 1 } });
    expect(calls[0]!.headers).not.toHaveProperty('Idempotency-Key');
  });

  it('refreshes the token on a 401 and retries the call once', async () => {
    const { calls } = mockFetch(({ url, authorization }) => {
      if (url === REFRESH_PATH) {
        expect(authorization).toBe('Bearer refresh-1');
        return jsonResponse(200, { token: 'access-2', refreshToken: 'refresh-2', expiresIn: 900 });
      }
      return authorization === 'Bearer access-2' ? jsonResponse(200, { ok: 1 }) : expired();
    });

    await expect(apiRequest('/portal-service/v1/x')).resolves.toEqual({ ok: 1 });
    expect(calls.map((c) => c.url)).toEqual(['/portal-service/v1/x', REFRESH_PATH, '/portal-service/v1/x']);
    expect(getAccessToken()).toBe('access-2');
    expect(getRefreshToken()).toBe('refresh-2');
    expect(onError).not.toHaveBeenCalled();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('retries any 401 of a signed-in call, not only TOKEN_EXPIRED', async () => {
    mockFetch(({ url, authorization }) => {
      if (url === REFRESH_PATH) return jsonResponse(200, { token: 'access-2', refreshToken: 'refresh-2' });
      return authorization === 'Bearer access-2'
        ? jsonResponse(200, { ok: 1 })
        : jsonResponse(401, { errorLabel: 'UNAUTHORIZED' });
    });
    await expect(apiRequest('/portal-service/v1/x')).resolves.toEqual({ ok: 1 });
  });

  it('lets concurrent 401s share one refresh', async () => {
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const { calls } = mockFetch(async ({ url, authorization }) => {
      if (url === REFRESH_PATH) {
        await refreshGate;
        return jsonResponse(200, { token: 'access-2', refreshToken: 'refresh-2' });
      }
      return authorization === 'Bearer access-2' ? jsonResponse(200, { url }) : expired();
    });

    const a = apiRequest('/portal-service/v1/a');
    const b = apiRequest('/portal-service/v1/b');
    const c = apiRequest('/portal-service/v1/c');
    await vi.waitFor(() => expect(calls.filter((x) => x.url === REFRESH_PATH)).toHaveLength(1));
    releaseRefresh();

    await expect(Promise.all([a, b, c])).resolves.toEqual([
      { url: '/portal-service/v1/a' },
      { url: '/portal-service/v1/b' },
      { url: '/portal-service/v1/c' },
    ]);
    expect(calls.filter((x) => x.url === REFRESH_PATH)).toHaveLength(1);
  });

  it('uses a token renewed by another call instead of refreshing again', async () => {
    let first = true;
    const { calls } = mockFetch(async ({ url, authorization }) => {
      if (url === REFRESH_PATH) return jsonResponse(200, { token: 'access-2', refreshToken: 'refresh-2' });
      if (authorization === 'Bearer access-2') return jsonResponse(200, {});
      if (url.endsWith('/slow') && first) {
        first = false;
        // Answers 401 only after the other call has finished its refresh.
        await new Promise((r) => setTimeout(r, 30));
      }
      return expired();
    });
    await Promise.all([apiRequest('/portal-service/v1/slow'), apiRequest('/portal-service/v1/fast')]);
    expect(calls.filter((x) => x.url === REFRESH_PATH)).toHaveLength(1);
  });

  it('signs out when the refresh fails, and the error is reported once', async () => {
    mockFetch(({ url }) =>
      url === REFRESH_PATH
        ? jsonResponse(401, { errorLabel: 'REFRESH_TOKEN_INVALID', message: 'refresh token invalid' })
        : expired(),
    );

    const error = await apiRequest('/portal-service/v1/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errorLabel).toBe('REFRESH_TOKEN_INVALID');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(onSessionExpired.mock.calls[0]?.[0]).toMatchObject({ errorLabel: 'REFRESH_TOKEN_INVALID' });
    expect(onError).not.toHaveBeenCalled();
    expect(getAccessToken()).toBeNull();
  });

  it('signs out when the refresh answers without a token', async () => {
    mockFetch(({ url }) => (url === REFRESH_PATH ? jsonResponse(200, {}) : expired()));
    await expect(apiRequest('/portal-service/v1/x')).rejects.toBeInstanceOf(ApiError);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBeNull();
  });

  it('fails with WAITING_TIME_EXPIRED when a running refresh takes over 20 s', async () => {
    vi.useFakeTimers();
    mockFetch(({ url }) => (url === REFRESH_PATH ? new Promise<Response>(() => {}) : expired()));

    const first = apiRequest('/portal-service/v1/a').catch((e: unknown) => e);
    const second = apiRequest('/portal-service/v1/b').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REFRESH_WAIT_MAX_MS + 200);

    const error = (await second) as ApiError;
    expect(error.errorLabel).toBe('WAITING_TIME_EXPIRED');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ errorLabel: 'WAITING_TIME_EXPIRED' }));

    // The hanging refresh itself ends at the request time-out and signs out.
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(((await first) as ApiError).errorLabel).toBe('REQUEST_TIMEOUT');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('retries only once: a second 401 is an error', async () => {
    const { calls } = mockFetch(({ url }) =>
      url === REFRESH_PATH
        ? jsonResponse(200, { token: 'access-2', refreshToken: 'refresh-2' })
        : jsonResponse(401, { errorLabel: 'UNAUTHORIZED', message: 'no' }),
    );
    await expect(apiRequest('/portal-service/v1/x')).rejects.toMatchObject({ errorLabel: 'UNAUTHORIZED' });
    expect(calls).toHaveLength(3);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('does not refresh for calls made without authentication', async () => {
    const { calls } = mockFetch(() => jsonResponse(401, { errorLabel: 'WRONG_CREDENTIALS' }));
    await expect(
      apiRequest('/user-service/v1/auth/login', { auth: false, ignoreErrors: ['WRONG_CREDENTIALS'] }),
    ).rejects.toMatchObject({ errorLabel: 'WRONG_CREDENTIALS' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.authorization).toBeUndefined();
    expect(onError).not.toHaveBeenCalled();
  });

  it('notifies errors unless the call ignores their label', async () => {
    mockFetch(() => jsonResponse(404, { errorLabel: 'NOT_FOUND', message: 'not found' }));
    await expect(apiRequest('/a')).rejects.toMatchObject({ errorLabel: 'NOT_FOUND', status: 404 });
    expect(onError).toHaveBeenCalledTimes(1);
    await expect(apiRequest('/a', { ignoreErrors: ['NOT_FOUND'] })).rejects.toBeInstanceOf(ApiError);
    await expect(apiRequest('/a', { ignoreErrors: 'all' })).rejects.toBeInstanceOf(ApiError);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('keeps the field errors of a validation failure', async () => {
    mockFetch(() =>
      jsonResponse(400, {
        errorLabel: 'VALIDATION_FAILED',
        message: 'invalid',
        errors: [{ field: 'login', messages: ['Login is required'] }],
      }),
    );
    const error = (await apiRequest('/a').catch((e: unknown) => e)) as ApiError;
    expect(error.fieldMessages('login')).toEqual(['Login is required']);
  });

  it('gives up after the request time-out', async () => {
    vi.useFakeTimers();
    mockFetch(() => new Promise<Response>(() => {}));
    const result = apiRequest('/a').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 10);
    expect(((await result) as ApiError).errorLabel).toBe('REQUEST_TIMEOUT');
  });

  it('reports a network failure as NETWORK_ERROR', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/a')).rejects.toMatchObject({ errorLabel: 'NETWORK_ERROR' });
  });

  it('returns undefined for 204 and never reports a call the caller cancelled', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(apiRequest('/a')).resolves.toBeUndefined();

    mockFetch(() => new Promise<Response>(() => {}));
    const controller = new AbortController();
    const pending = apiRequest('/a', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.not.toBeInstanceOf(ApiError);
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('session expiry wiring', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetApiClientForTests();
  });

  it('signs out, remembers the current route and goes to /login', async () => {
    installSessionHandlers();
    const navigate = vi.fn();
    registerNavigate(navigate);
    window.history.pushState({}, '', '/help?corporateAccountOspId=ca-1');
    setTokens({ token: 'access-1', refreshToken: 'refresh-1' });
    mockFetch(({ url }) =>
      url === REFRESH_PATH ? jsonResponse(401, { errorLabel: 'REFRESH_TOKEN_INVALID' }) : expired(),
    );

    await expect(apiRequest('/portal-service/v1/help/get')).rejects.toBeInstanceOf(ApiError);

    expect(getAccessToken()).toBeNull();
    expect(sessionStorage.getItem(INTENDED_ROUTE_KEY)).toBe('/help?corporateAccountOspId=ca-1');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    window.history.pushState({}, '', '/');
  });
});
