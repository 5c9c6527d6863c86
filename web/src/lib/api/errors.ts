import type { ApiFieldError } from './types';

/** errorLabels the web app itself produces or reacts to (the server sends the rest). */
export const ErrorLabel = {
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  TOKEN_NOT_FOUND: 'TOKEN_NOT_FOUND',
  UNAUTHORIZED: 'UNAUTHORIZED',
  REFRESH_TOKEN_INVALID: 'REFRESH_TOKEN_INVALID',
  WAITING_TIME_EXPIRED: 'WAITING_TIME_EXPIRED',
  WRONG_CREDENTIALS: 'WRONG_CREDENTIALS',
  INCORRECT_TWO_FACTOR_AUTHENTICATION_CODE: 'INCORRECT_TWO_FACTOR_AUTHENTICATION_CODE',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  NOT_FOUND: 'NOT_FOUND',
  NETWORK_ERROR: 'NETWORK_ERROR',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  CHUNK_LOAD_FAILED: 'CHUNK_LOAD_FAILED',
  UNKNOWN_ERROR: 'UNKNOWN_ERROR',
} as const;

export class ApiError extends Error {
  readonly status: number;
  readonly errorLabel: string;
  readonly errors: ApiFieldError[];
  /** True once the user has been told (notification or sign-out), so nobody tells them twice. */
  handled = false;

  constructor(status: number, errorLabel: string, message?: string, errors: ApiFieldError[] = []) {
    super(message || errorLabel);
    this.name = 'ApiError';
    this.status = status;
    this.errorLabel = errorLabel;
    this.errors = errors;
  }

  /** The messages the server gave for one field, if any. */
  fieldMessages(field: string): string[] {
    return this.errors.find((e) => e.field === field)?.messages ?? [];
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Raised when a lazily loaded page's code cannot be fetched (deploy, network). */
export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('chunk load failed');
    this.name = 'ChunkLoadError';
    this.cause = cause;
  }
}
