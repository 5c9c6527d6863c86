import { REFRESH_WAIT_MAX_MS, REFRESH_WAIT_POLL_MS, REQUEST_TIMEOUT_MS } from '../constants';
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from '../auth/tokens';
import { ApiError, ErrorLabel } from './errors';
import { IDEMPOTENCY_KEY_HEADER } from './idempotency';
import type { ApiErrorBody, TokenResponse } from './types';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** errorLabels a call handles itself instead of the generic notification ('all' for image calls). */
export type IgnoredErrors = readonly string[] | 'all';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Send the bearer token and refresh it on a 401 (default true; false for sign-in calls). */
  auth?: boolean;
  /** Renew the token and retry once on a 401 (default: same as auth; false for logout). */
  refreshOnUnauthorized?: boolean;
  ignoreErrors?: IgnoredErrors;
  responseType?: 'json' | 'blob';
  /** Caller cancellation (TanStack Query passes one); a cancelled call is never reported. */
  signal?: AbortSignal;
  /**
   * Money calls: the submitting form's Idempotency-Key (see useIdempotencyKey),
   * sent with every attempt, the 401 retry included, so the server books once.
   */
  idempotencyKey?: string;
}

export interface ClientHandlers {
  /** Tell the user about a failed call (a notification). */
  onError(error: ApiError): void;
  /** The session could not be renewed: sign out, remember the route, show the label. */
  onSessionExpired(error: ApiError): void;
}

const noop = () => {};
let handlers: ClientHandlers = { onError: noop, onSessionExpired: noop };

/** The app wires notifications and sign-out here; tests install spies. */
export function configureApiClient(next: Partial<ClientHandlers>): void {
  handlers = { ...handlers, ...next };
}

export const REFRESH_PATH = '/user-service/v1/auth/refreshToken';

// One refresh at a time: the server rotates refresh tokens, so a second
// concurrent refresh would present an already dead token and sign the user out.
let refreshInFlight = false;
let lastRefreshFailure: ApiError | null = null;

export function resetApiClientForTests(): void {
  refreshInFlight = false;
  lastRefreshFailure = null;
  handlers = { onError: noop, onSessionExpired: noop };
}

/**
 * Calls the API and returns the parsed body (undefined for 204). Failures are
 * thrown as ApiError after the user was notified, unless the call ignores
 * that errorLabel.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await execute<T>(path, options);
  } catch (error) {
    if (isCallerAbort(error, options.signal)) throw error;
    const apiError = toApiError(error);
    if (!apiError.handled && shouldNotify(apiError, options.ignoreErrors)) {
      apiError.handled = true;
      handlers.onError(apiError);
    }
    throw apiError;
  }
}

function shouldNotify(error: ApiError, ignored: IgnoredErrors | undefined): boolean {
  // An expired token is renewed silently; the user never needs to see it.
  if (error.errorLabel === ErrorLabel.TOKEN_EXPIRED) return false;
  if (ignored === 'all') return false;
  return !ignored?.includes(error.errorLabel);
}

async function execute<T>(path: string, options: RequestOptions): Promise<T> {
  const auth = options.auth ?? true;
  const usedToken = auth ? getAccessToken() : null;
  let response = await send(path, options, usedToken);
  if (response.status === 401 && auth && (options.refreshOnUnauthorized ?? true)) {
    // Retry exactly once, with a renewed token.
    const freshToken = await obtainFreshToken(usedToken);
    response = await send(path, options, freshToken);
  }
  if (!response.ok) throw await errorFromResponse(response);
  return parseBody<T>(response, options.responseType ?? 'json');
}

async function obtainFreshToken(usedToken: string | null): Promise<string> {
  const current = getAccessToken();
  // Another call renewed the token while ours was in flight: just use it.
  if (current && current !== usedToken) return current;
  if (refreshInFlight) return waitForRefresh(usedToken);
  return runRefresh();
}

async function runRefresh(): Promise<string> {
  refreshInFlight = true;
  lastRefreshFailure = null;
  try {
    const refreshToken = getRefreshToken();
    if (!refreshToken) {
      throw new ApiError(401, ErrorLabel.REFRESH_TOKEN_INVALID, 'no refresh token');
    }
    const response = await send(REFRESH_PATH, { method: 'POST' }, refreshToken);
    if (!response.ok) throw await errorFromResponse(response);
    const body = (await parseBody<Partial<TokenResponse>>(response, 'json')) ?? {};
    if (!body.token) {
      throw new ApiError(401, ErrorLabel.TOKEN_NOT_FOUND, 'refresh returned no token');
    }
    setTokens({ token: body.token, refreshToken: body.refreshToken ?? refreshToken });
    return body.token;
  } catch (error) {
    const failure = toApiError(error);
    failure.handled = true;
    lastRefreshFailure = failure;
    clearTokens();
    handlers.onSessionExpired(failure);
    throw failure;
  } finally {
    refreshInFlight = false;
  }
}

/** Polls until the running refresh ends, so concurrent 401s share one refresh. */
async function waitForRefresh(usedToken: string | null): Promise<string> {
  const deadline = Date.now() + REFRESH_WAIT_MAX_MS;
  while (refreshInFlight) {
    if (Date.now() >= deadline) {
      throw new ApiError(0, ErrorLabel.WAITING_TIME_EXPIRED, 'waited too long for the token refresh');
    }
    await sleep(REFRESH_WAIT_POLL_MS);
  }
  if (lastRefreshFailure) throw lastRefreshFailure;
  const token = getAccessToken();
  if (!token || token === usedToken) {
    const signedOut = new ApiError(401, ErrorLabel.UNAUTHORIZED, 'signed out');
    signedOut.handled = true;
    throw signedOut;
  }
  return token;
}

async function send(path: string, options: RequestOptions, bearer: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) {
    // Uploads: the browser sets multipart/form-data with its boundary itself.
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const forwardAbort = () => timeout.abort();
  options.signal?.addEventListener('abort', forwardAbort);
  try {
    return await fetch(withQuery(path, options.query), {
      method: options.method ?? 'POST',
      headers,
      body,
      signal: timeout.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timeout.signal.aborted) {
      throw new ApiError(0, ErrorLabel.REQUEST_TIMEOUT, 'request timed out');
    }
    throw new ApiError(0, ErrorLabel.NETWORK_ERROR, error instanceof Error ? error.message : 'network error');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function parseBody<T>(response: Response, type: 'json' | 'blob'): Promise<T> {
  if (response.status === 204) return undefined as T;
  if (type === 'blob') return (await response.blob()) as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const FALLBACK_LABELS: Record<number, string> = {
  401: ErrorLabel.UNAUTHORIZED,
  403: 'FORBIDDEN',
  404: ErrorLabel.NOT_FOUND,
};

async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> = {};
  try {
    body = JSON.parse(await response.text()) as Partial<ApiErrorBody>;
  } catch {
    // Not JSON (a proxy's HTML page): fall back to the status below.
  }
  const label =
    body.errorLabel ||
    FALLBACK_LABELS[response.status] ||
    (response.status >= 500 ? 'INTERNAL_ERROR' : ErrorLabel.UNKNOWN_ERROR);
  return new ApiError(response.status, label, body.message, body.errors ?? []);
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, ErrorLabel.UNKNOWN_ERROR, error instanceof Error ? error.message : String(error));
}

function isCallerAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) && !(error instanceof ApiError);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
