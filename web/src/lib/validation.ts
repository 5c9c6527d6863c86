import type { TFunction } from 'i18next';
import { z } from 'zod';
import dayjs from 'dayjs';
import { API_DATE_FORMAT, PASSWORD_MIN_LENGTH, PHONE_MAX_LENGTH, TWO_FACTOR_CODE_LENGTH } from './constants';
import { decimalsOf } from './money';

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
    /** Phone numbers depend on the chosen country, so they are checked on the object (see phoneRefinement in phoneValidation.ts). */
    phoneText: (label: string) =>
      z.string().trim().max(PHONE_MAX_LENGTH, t('validation:maxLength', { label, max: PHONE_MAX_LENGTH })),
  };
}

export type Rules = ReturnType<typeof createRules>;

export interface MoneyRuleOptions {
  /** Default true: an empty field fails with "{label} is required". */
  required?: boolean;
  /** SPEC §5: negatives are disallowed by default. */
  allowNegative?: boolean;
  /** Default true; false for amounts that must not be 0 (a manual amount). */
  allowZero?: boolean;
  /** Smallest amount in euro (e.g. 0.01 for "more than zero"). */
  min?: number;
}

/**
 * The currency input's rules (SPEC §5) on its string value, checked in a
 * fixed order and stopping at the first that fails, so exactly one message
 * shows: required, a number, precision 2, sign, zero, minimum.
 */
export function moneyRule(t: TFunction, label: string, options: MoneyRuleOptions = {}) {
  const { required = true, allowNegative = false, allowZero = true, min } = options;
  return z.string().superRefine((raw, ctx) => {
    const value = raw.trim();
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!value || value === '-') {
      if (required) fail(t('validation:required', { label }));
      return;
    }
    const number = Number(value);
    if (!Number.isFinite(number)) return fail(t('validation:number', { label }));
    if (decimalsOf(value) > 2) return fail(t('validation:precision', { label, decimals: 2 }));
    if (!allowNegative && number < 0) return fail(t('validation:notNegative', { label }));
    if (!allowZero && number === 0) return fail(t('validation:notZero', { label }));
    if (min !== undefined && number < min) return fail(t('validation:min', { label, min }));
  });
}

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

