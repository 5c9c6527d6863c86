import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api/errors';
import { errorMessage, fieldErrorMessage } from '@/lib/api/errorMessage';
import type { TripDirection, TripKind, TripMode, TripStatus } from '@/lib/api/types';
import { notifyError } from '@/lib/notify';

// The server's limits (internal/trip/model.go, compensation.go, import.go).
/** Largest per-km rate: 10 EUR/km. */
export const RATE_MAX_EUR = 10;
/** Largest configured commuting distance per trip (km). */
export const COMMUTE_DISTANCE_MAX_KM = 500;
/** Largest per trip or per day amount (1,000 EUR). */
export const MAX_TRIP_ALLOWANCE_EUR = 1000;
/** Largest distance of one registered trip (km). */
export const TRIP_DISTANCE_MAX_KM = 1000;
/** The registrations import takes CSV only, header on line 1, ; or , separated. */
export const TRIP_IMPORT_ACCEPT = '.csv,text/csv';
export const TRIP_IMPORT_COLUMNS = ['userOspId', 'date', 'kind', 'mode', 'direction', 'distance', 'description'] as const;

// The server's enumerations (internal/trip/model.go), in the order forms offer them.
export const TRIP_KINDS: Exclude<TripKind, ''>[] = ['COMMUTE', 'BUSINESS', 'HOME_WORK'];
export const TRIP_STATUSES: TripStatus[] = ['REGISTERED', 'APPROVED', 'REJECTED', 'PAID'];
export const COMMUTE_MODES = ['BIKE', 'WALK', 'CAR'] as const;
export const DIRECTIONS: Exclude<TripDirection, ''>[] = ['OUTBOUND', 'RETURN'];

/** The modes a kind of registration takes (home work has none). */
export function modesOf(kind: TripKind | ''): Exclude<TripMode, ''>[] {
  if (kind === 'COMMUTE') return [...COMMUTE_MODES];
  if (kind === 'BUSINESS') return ['PRIVATE_CAR', 'COMPANY_CAR', 'BIKE'];
  return [];
}

export const STATUS_COLORS: Record<TripStatus, string> = {
  REGISTERED: 'blue',
  APPROVED: 'green',
  REJECTED: 'red',
  PAID: 'gray',
};

/** Correcting and approving: REGISTERED or REJECTED; rejecting: REGISTERED or APPROVED (the server's rules). */
export const canCorrect = (status: TripStatus) => status === 'REGISTERED' || status === 'REJECTED';
export const canApprove = canCorrect;
export const canReject = (status: TripStatus) => status === 'REGISTERED' || status === 'APPROVED';

/**
 * After a refused save: each named field gets its message (the web app's
 * translation of a trip errorLabel, or the server's own text for a plain
 * validation failure); anything else is told in a notification unless the
 * API client already did.
 */
export function showTripFormError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[], t: TFunction): void {
  let applied = false;
  for (const field of fields) {
    const message = fieldErrorMessage(error, field, t);
    if (message) {
      setError(field, { type: 'server', message });
      applied = true;
    }
  }
  if (!applied && !(error instanceof ApiError && error.handled)) notifyError(errorMessage(error, t));
}
