import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { ApiError } from './api/errors';
import { errorMessage } from './api/errorMessage';
import { notifyError } from './notify';

/**
 * Puts the server's per-field messages (400 with errors[]) on the matching
 * form fields. fieldMap renames server fields to form fields when they differ.
 * Returns true when at least one field got a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fieldMap: Partial<Record<string, Path<T>>> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const fieldError of error.errors) {
    const target = fieldMap[fieldError.field] ?? (fieldError.field as Path<T>);
    const message = fieldError.messages[0];
    if (message && fields.includes(target)) {
      setError(target, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}

/**
 * After a failed save: field errors go next to their fields; anything else
 * is told in a notification, unless the API client already did.
 */
export function showFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  t: TFunction,
  fieldMap: Partial<Record<string, Path<T>>> = {},
): boolean {
  const applied = applyServerFieldErrors(error, setError, fields, fieldMap);
  if (!applied && !(error instanceof ApiError && error.handled)) notifyError(errorMessage(error, t));
  return applied;
}
