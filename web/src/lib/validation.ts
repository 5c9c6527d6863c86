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
/** SPEC §5: # followed by 6 or 8 hex characters (stored uppercase). */
const HEX_COLOR_PATTERN = /^#(?:[0-9A-F]{6}|[0-9A-F]{8})$/i;

/** A colour as stored: trimmed and uppercased (the pattern is case-free). */
export function normalizeHexColor(value: string): string {
  return value.trim().toUpperCase();
}

export function isHexColor(value: string): boolean {
  return HEX_COLOR_PATTERN.test(value.trim());
}

/** Letters and digits only, uppercase: how IBANs, VAT and company numbers are compared. */
export function compactCode(value: string): string {
  return value.replace(/[\s.\-/]/g, '').toUpperCase();
}

/** The remainder modulo 97 of a long digit string (ISO 7064, used by IBAN). */
function mod97(digits: string): number {
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder;
}

/** An IBAN: country code, two check digits, 11 to 30 letters or digits, and the mod-97 check. */
export function isValidIban(value: string): boolean {
  const iban = compactCode(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return mod97(digits) === 1;
}

/** A Belgian enterprise (and VAT) number: 10 digits starting 0 or 1, the last two 97 minus the first eight mod 97. */
export function isValidBelgianNumber(value: string): boolean {
  const number = compactCode(value).replace(/^BE/, '');
  if (!/^[01]\d{9}$/.test(number)) return false;
  return 97 - (Number(number.slice(0, 8)) % 97) === Number(number.slice(8));
}

/** The formats of EU VAT numbers (after the country prefix); Belgium also gets its check digits. */
const EU_VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** An EU VAT number with its country prefix (BE0123456749, NL123456789B01); Belgian ones by mod 97. */
export function isValidVatNumber(value: string): boolean {
  const vat = compactCode(value);
  const format = EU_VAT_FORMATS[vat.slice(0, 2)];
  if (!format || !format.test(vat.slice(2))) return false;
  return vat.startsWith('BE') ? isValidBelgianNumber(vat) : true;
}

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
    /** An optional IBAN (SPEC §5: '{label} is not valid'), with its mod-97 check. */
    iban: (label: string) =>
      z.string().trim().refine((value) => !value || isValidIban(value), t('validation:invalid', { label })),
    /** An optional EU VAT number with its country prefix; Belgian ones with their check digits. */
    vatNumber: (label: string) =>
      z.string().trim().refine((value) => !value || isValidVatNumber(value), t('validation:invalid', { label })),
    /** A hex colour (SPEC §5), uppercased; empty is allowed unless required. */
    hexColor: (label: string, { required: needed = false } = {}) =>
      z
        .string()
        .transform(normalizeHexColor)
        .superRefine((value, ctx) => {
          if (!value) {
            if (needed) ctx.addIssue({ code: 'custom', message: t('validation:required', { label }) });
            return;
          }
          if (!isHexColor(value)) ctx.addIssue({ code: 'custom', message: t('validation:hexColor', { label }) });
        }),
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

