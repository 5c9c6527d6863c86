// Code outside React (the API client's sign-out) must navigate; the router
// registers its navigate function here at start-up.

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => {
  window.location.assign(to);
};

export function registerNavigate(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}

export function currentRoute(): string {
  return `${window.location.pathname}${window.location.search}`;
}
