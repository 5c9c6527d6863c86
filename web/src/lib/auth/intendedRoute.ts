import { INTENDED_ROUTE_KEY } from '../constants';

// The route a signed-out user tried to open, so sign-in can bring them back.
// sessionStorage: it belongs to this tab and dies with it.

// After a deliberate sign-out the guards see "no token" on the page being
// left; that page is not where the user wants to go next time.
let signedOutDeliberately = false;

export function markDeliberateSignOut(): void {
  signedOutDeliberately = true;
  sessionStorage.removeItem(INTENDED_ROUTE_KEY);
}

export function rememberIntendedRoute(route: string): void {
  // Never remember guest pages: returning to /login after sign-in would loop.
  if (signedOutDeliberately || isGuestPath(route)) return;
  sessionStorage.setItem(INTENDED_ROUTE_KEY, route);
}

/** Where to go once signed in: the remembered route, else the dashboard. */
export function peekIntendedRoute(fallback: string): string {
  const route = sessionStorage.getItem(INTENDED_ROUTE_KEY);
  // Only same-origin paths: never let stored data send the user elsewhere.
  return route && route.startsWith('/') && !route.startsWith('//') ? route : fallback;
}

/** Signed in and arrived: the memory has served its purpose. */
export function forgetIntendedRoute(): void {
  signedOutDeliberately = false;
  sessionStorage.removeItem(INTENDED_ROUTE_KEY);
}

const GUEST_PATHS = ['/login', '/2-factor-auth', '/reset-login', '/reset-password', '/set-new-password'];

export function isGuestPath(route: string): boolean {
  const path = route.split(/[?#]/)[0] ?? '';
  return GUEST_PATHS.includes(path);
}
