import type { UseFormReturn } from 'react-hook-form';
import { isApiError } from '@/lib/api/errors';
import { errorMessage } from '@/lib/api/errorMessage';
import { applyServerFieldErrors } from '@/lib/forms';
import { notifyError } from '@/lib/notify';
import type { TFunction } from 'i18next';
import { SERVER_FIELDS, type PersonalValues } from './userForm';

/**
 * After a failed save: field errors go next to their fields; anything else
 * (or a field this form does not have) is told in a notification, unless
 * the API client already did, or shownElsewhere (another step of the form
 * showed the errors). Returns whether a field got a message.
 */
export function showSaveError(error: unknown, form: UseFormReturn<PersonalValues>, t: TFunction, shownElsewhere = false): boolean {
  const applied = applyServerFieldErrors(error, form.setError, SERVER_FIELDS);
  if (!applied && !shownElsewhere && !(isApiError(error) && error.handled)) notifyError(errorMessage(error, t));
  return applied;
}
