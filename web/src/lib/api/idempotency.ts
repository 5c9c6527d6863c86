import { useMemo, useRef } from 'react';

/** The header that makes a money call safe to repeat (server: internal/idempotency). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * The variables of a money call: its body and the submitting form's key.
 * The server answers a repeat of the same key and body with the first
 * answer and books nothing again.
 */
export interface MoneyCall<B> {
  body: B;
  idempotencyKey?: string;
}

/** A new random key (a UUID: printable ASCII, well under the 255-character limit). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface IdempotencyKey {
  /** The key of the submission under way: the same until renew() is called. */
  current(): string;
  /** After a success: the next submission of this form is a new one. */
  renew(): void;
}

/**
 * One key per form instance. Every attempt of one submission sends it, so a
 * submission retried after a network error or a time-out (when the first
 * attempt may have booked without the answer arriving) books at most once;
 * after a success the form takes a new key for its next submission.
 */
export function useIdempotencyKey(): IdempotencyKey {
  const key = useRef<string | null>(null);
  return useMemo(
    () => ({
      current: () => (key.current ??= newIdempotencyKey()),
      renew: () => {
        key.current = null;
      },
    }),
    [],
  );
}
