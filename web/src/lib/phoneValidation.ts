import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { PHONE_MAX_LENGTH, type PhoneCountry } from './constants';
import { isValidPhone } from './phone';

// Apart from validation.ts so that the sign-in pages, which use the other
// rules, do not pull libphonenumber-js into the first download.

/**
 * Checks a phone number against the country chosen next to it (SPEC §5:
 * default BE; BE, FR, DE, NL, UA allowed). Use with superRefine.
 */
export function phoneRefinement<T>(
  t: TFunction,
  label: string,
  pick: (value: T) => { number: string; country: PhoneCountry },
  path: (string | number)[],
) {
  return (value: T, ctx: z.RefinementCtx) => {
    const { number, country } = pick(value);
    if (number.trim() && number.trim().length <= PHONE_MAX_LENGTH && !isValidPhone(number, country)) {
      ctx.addIssue({ code: 'custom', path, message: t('validation:phone', { label }) });
    }
  };
}
