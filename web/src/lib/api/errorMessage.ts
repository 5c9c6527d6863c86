import type { TFunction } from 'i18next';
import { ApiError, ChunkLoadError, ErrorLabel } from './errors';

/**
 * The text shown for a failed call (SPEC §8): a field-error list shows the
 * first message of each field, one per line; otherwise the translated
 * errorLabel, then the server's message, then a generic text.
 */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ChunkLoadError) return t(`errors:${ErrorLabel.CHUNK_LOAD_FAILED}`);
  if (!(error instanceof ApiError)) return t('errors:GENERIC');

  const fieldMessages = error.errors
    .map((e) => e.messages[0])
    .filter((m): m is string => Boolean(m));
  if (fieldMessages.length > 0) return fieldMessages.join('\n');

  const key = `errors:${error.errorLabel}`;
  const translated = t(key, { defaultValue: '' });
  if (translated) return translated;
  if (error.message && error.message !== error.errorLabel) return error.message;
  return t('errors:GENERIC');
}

/**
 * The text for one field of a refused call, or undefined when the refusal
 * does not name it: the web app's translation of the errorLabel (SPEC §8)
 * when it has one, else the server's message for the field (a plain
 * validation failure says what is wrong with the field itself).
 */
export function fieldErrorMessage(error: unknown, field: string, t: TFunction): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const messages = error.fieldMessages(field);
  if (messages.length === 0) return undefined;
  if (error.errorLabel !== ErrorLabel.VALIDATION_FAILED) {
    const translated = t(`errors:${error.errorLabel}`, { defaultValue: '' });
    if (translated) return translated;
  }
  return messages[0];
}
