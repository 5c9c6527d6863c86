// Between the password step and the two-factor step the credentials must be
// sent again with the code. They are kept in memory only, never in storage:
// a passdigest is as good as the password for signing in. A reload on the
// two-factor page therefore returns the user to /login.

export interface PendingLogin {
  username: string;
  passdigest: string;
  qrCode2fa?: string;
  secret2fa?: string;
}

let pending: PendingLogin | null = null;

export function setPendingLogin(value: PendingLogin): void {
  pending = value;
}

export function getPendingLogin(): PendingLogin | null {
  return pending;
}

export function clearPendingLogin(): void {
  pending = null;
}
