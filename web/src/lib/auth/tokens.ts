import { deleteCookie, getCookie, setCookie } from '../cookies';
import { REFRESH_TOKEN_COOKIE, TOKEN_COOKIE, TOKEN_COOKIE_DAYS } from '../constants';
import { createStore, useStore } from '../store';

export interface Tokens {
  token: string;
  refreshToken: string;
}

function read(): Tokens | null {
  const token = getCookie(TOKEN_COOKIE);
  const refreshToken = getCookie(REFRESH_TOKEN_COOKIE);
  return token ? { token, refreshToken: refreshToken ?? '' } : null;
}

// Cache the last read so useSyncExternalStore gets a stable snapshot; the
// cookie is re-read on every access so a change from another tab is seen.
let snapshot: Tokens | null = null;
function readStable(): Tokens | null {
  const next = read();
  if (next?.token !== snapshot?.token || next?.refreshToken !== snapshot?.refreshToken) {
    snapshot = next;
  }
  return snapshot;
}

export const tokenStore = createStore<Tokens | null>(readStable, (value) => {
  if (value) {
    setCookie(TOKEN_COOKIE, value.token, TOKEN_COOKIE_DAYS);
    setCookie(REFRESH_TOKEN_COOKIE, value.refreshToken, TOKEN_COOKIE_DAYS);
  } else {
    deleteCookie(TOKEN_COOKIE);
    deleteCookie(REFRESH_TOKEN_COOKIE);
  }
});

export const getAccessToken = (): string | null => tokenStore.get()?.token ?? null;
export const getRefreshToken = (): string | null => tokenStore.get()?.refreshToken || null;
export const setTokens = (tokens: Tokens): void => tokenStore.set(tokens);
export const clearTokens = (): void => tokenStore.set(null);

export function useIsSignedIn(): boolean {
  return useStore(tokenStore) !== null;
}
