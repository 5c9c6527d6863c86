import { ErrorLabel } from '@/lib/api/errors';

/**
 * The refusals of a registration write that name a field (the server's
 * trip labels): the form puts them on that field, translated, instead of a
 * notification.
 */
export const REGISTRATION_FIELD_ERRORS = [
  ErrorLabel.VALIDATION_FAILED,
  'TRIP_MODE_NOT_ALLOWED',
  'TRIP_ALREADY_REGISTERED',
  'TRIP_MONTH_PAID',
];
