import type { TFunction } from 'i18next';
import { z } from 'zod';
import dayjs from 'dayjs';
import { API_DATE_FORMAT, PASSWORD_MIN_LENGTH, PHONE_MAX_LENGTH, TWO_FACTOR_CODE_LENGTH, type PhoneCountry } from './constants';
import { isValidPhone } from './phone';

// The one place for client-side validation rules (SPEC §5). Each builder
// takes the already translated field label and yields translated messages.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** External ids end up in file names and URLs of partner systems (SPEC §5). */
const EXT_ID_PATTERN = /^[^.\s]*$/;

export function createRules(t: TFunction) {
  const required = (label: string) =>
    z.string().trim().min(1, t('validation:required', { label }));

  return {
    required,
    email: (label: string) =>
      required(label).refine((value) => EMAIL_PATTERN.test(value), t('validation:email')),
    minLength: (label: string, min: number) =>
      required(label).refine((value) => value.length >= min, t('validation:minLength', { label, min })),
    /** Passwords are not trimmed: spaces may be part of them. */
    password: (label: string, min = 0) =>
      z
        .string()
        .min(1, t('validation:required', { label }))
        .refine((value) => value.length >= min, t('validation:minLength', { label, min })),
    newPassword: (label: string) =>
      z
        .string()
        .min(1, t('validation:required', { label }))
        .refine((value) => value.length >= PASSWORD_MIN_LENGTH, t('validation:minLength', { label, min: PASSWORD_MIN_LENGTH })),
    twoFactorCode: (label: string) =>
      required(label).refine(
        (value) => new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`).test(value),
        t('validation:twoFactorCode', { length: TWO_FACTOR_CODE_LENGTH }),
      ),
    maxLength: (label: string, max: number) =>
      z.string().max(max, t('validation:maxLength', { label, max })),
    /** Optional text, trimmed. */
    optional: () => z.string().trim(),
    /** An external id: optional, without dots or whitespace. */
    extId: (label: string) =>
      z.string().refine((value) => EXT_ID_PATTERN.test(value), t('validation:extId', { label })),
    /** An optional yyyy-MM-dd date that may not lie in the future (birthdates). */
    notInFuture: (label: string) =>
      z.string().refine(
        (value) => !value || !dayjs(value, API_DATE_FORMAT).isAfter(dayjs(), 'day'),
        t('validation:notInFuture', { label }),
      ),
    /** Phone numbers depend on the chosen country, so they are checked on the object (see phoneRefinement). */
    phoneText: (label: string) =>
      z.string().trim().max(PHONE_MAX_LENGTH, t('validation:maxLength', { label, max: PHONE_MAX_LENGTH })),
  };
}

export type Rules = ReturnType<typeof createRules>;

/** Adds "the two passwords must match" to a schema with newPassword and repeatPassword. */
export function passwordsMatch<T extends { newPassword: string; repeatPassword: string }>(
  t: TFunction,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (value.newPassword !== value.repeatPassword) {
      ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: t('validation:passwordsMustMatch') });
    }
  };
}

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
