import type { TFunction } from 'i18next';
import { z } from 'zod';
import dayjs from 'dayjs';
import {
  API_DATE_FORMAT,
  CRON_DESCRIPTORS,
  DATE_FORMAT,
  DISTANCE_MAX_DEVIATION_PERCENT,
  LATITUDE_LIMIT,
  LONGITUDE_LIMIT,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  TWO_FACTOR_CODE_LENGTH,
} from './constants';
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
  /** Largest amount in euro (a fee: 10,000). */
  max?: number;
}

/**
 * The currency input's rules (SPEC §5) on its string value, checked in a
 * fixed order and stopping at the first that fails, so exactly one message
 * shows: required, a number, precision 2, sign, zero, minimum.
 */
export function moneyRule(t: TFunction, label: string, options: MoneyRuleOptions = {}) {
  const { required = true, allowNegative = false, allowZero = true, min, max } = options;
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
    if (max !== undefined && number > max) return fail(t('validation:max', { label, max }));
  });
}

/** A decimal as typed in a number field: '12', '-4.25' (no exponent, no comma). */
const DECIMAL_NUMBER = /^-?\d+(\.\d+)?$/;

export interface NumberRuleOptions {
  /** Default true: an empty field fails with "{label} is required". */
  required?: boolean;
  min?: number;
  max?: number;
  /** A whole number (SPEC §5: the number of pumps). */
  integer?: boolean;
  /** At most this many decimals (a VAT percentage: 2). */
  decimals?: number;
}

/**
 * A number typed into a field, kept as its string, checked in a fixed order
 * and stopping at the first rule that fails: required, a number, whole,
 * precision, range ("between" when both ends are given).
 */
export function numberRule(t: TFunction, label: string, options: NumberRuleOptions = {}) {
  const { required = true, min, max, integer = false, decimals } = options;
  return z.string().superRefine((raw, ctx) => {
    const value = raw.trim();
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (!value) {
      if (required) fail(t('validation:required', { label }));
      return;
    }
    if (!DECIMAL_NUMBER.test(value)) return fail(t('validation:number', { label }));
    if (integer && decimalsOf(value) > 0) return fail(t('validation:wholeNumber', { label }));
    if (decimals !== undefined && decimalsOf(value) > decimals) return fail(t('validation:precision', { label, decimals }));
    const number = Number(value);
    if (min !== undefined && max !== undefined) {
      if (number < min || number > max) fail(t('validation:between', { label, min, max }));
      return;
    }
    if (min !== undefined && number < min) return fail(t('validation:min', { label, min }));
    if (max !== undefined && number > max) return fail(t('validation:max', { label, max }));
  });
}

/** SPEC §5: a latitude lies between -90 and 90. */
export const latitudeRule = (t: TFunction, label: string) =>
  numberRule(t, label, { min: -LATITUDE_LIMIT, max: LATITUDE_LIMIT });

/** SPEC §5: a longitude lies between -180 and 180. */
export const longitudeRule = (t: TFunction, label: string) =>
  numberRule(t, label, { min: -LONGITUDE_LIMIT, max: LONGITUDE_LIMIT });

/** One field of a 5-field cron expression: digits, names (MON, JAN), *, ?, ranges, lists and steps. */
const CRON_FIELD = /^[0-9A-Za-z*?]+(?:[-/][0-9A-Za-z*?]+)*(?:,[0-9A-Za-z*?]+(?:[-/][0-9A-Za-z*?]+)*)*$/;

/**
 * The shape of a fee schedule as the server reads it (internal/resource):
 * five fields (minute hour day-of-month month day-of-week) or one of the
 * descriptors, no time-zone prefix, no @every. Whether it ever fires, and
 * not more than hourly, only the server's check tells (resource/fee/cron/check).
 */
export function isCronShape(value: string): boolean {
  const expression = value.trim();
  if ((CRON_DESCRIPTORS as readonly string[]).includes(expression.toLowerCase())) return true;
  const fields = expression.split(/\s+/);
  return fields.length === 5 && fields.every((field) => CRON_FIELD.test(field));
}

/** An optional fee schedule (empty: a one-off fee). */
export const cronRule = (t: TFunction, label: string) =>
  z.string().trim().refine((value) => !value || isCronShape(value), t('validation:cron', { label }));

/**
 * A day (yyyy-MM-dd, as DateField hands it over) within a window, shown in
 * the message as dd/MM/yyyy; '' passes unless required.
 */
export function dayRule(t: TFunction, label: string, window: { first: string; last: string; required?: boolean }) {
  const show = (day: string) => dayjs(day, API_DATE_FORMAT).format(DATE_FORMAT);
  return z.string().superRefine((value, ctx) => {
    if (!value) {
      if (window.required) ctx.addIssue({ code: 'custom', message: t('validation:required', { label }) });
      return;
    }
    if (value < window.first || value > window.last) {
      ctx.addIssue({ code: 'custom', message: t('validation:dayRange', { label, min: show(window.first), max: show(window.last) }) });
    }
  });
}

/** A period of days (yyyy-MM-dd); validTo null or '' is open-ended. */
export interface Period {
  validFrom: string;
  validTo: string | null;
}

/**
 * Gas-station owner periods never overlap (SPEC §5, the server refuses it):
 * the index of a period that starts on or before the end of the one before
 * it (by start day; an open end runs for ever), or -1 when none does.
 */
export function overlappingPeriod(periods: readonly Period[]): number {
  const order = periods.map((_, index) => index).sort((a, b) => periods[a]!.validFrom.localeCompare(periods[b]!.validFrom));
  for (let k = 1; k < order.length; k++) {
    const previous = periods[order[k - 1]!]!;
    const current = periods[order[k]!]!;
    if (!previous.validTo || current.validFrom <= previous.validTo) return order[k]!;
  }
  return -1;
}

/** A range of whole numbers, both ends included (a user fee tier's events). */
export interface CountRange {
  from: number;
  to: number;
}

/**
 * SPEC §5: a range's "to" is at least its "from" (user fee tiers: the
 * server names eventCountTo). The message for the "to" field, or null when
 * the order is right or either end is not a number yet.
 */
export function rangeOrderMessage(t: TFunction, toLabel: string, from: string, to: string): string | null {
  const low = Number(from.trim());
  const high = Number(to.trim());
  if (!from.trim() || !to.trim() || !Number.isFinite(low) || !Number.isFinite(high) || high >= low) return null;
  return t('validation:min', { label: toLabel, min: low });
}

/** The first of ranges that shares a number with range (tiers of one assignee never overlap), or undefined. */
export function overlappingRange<R extends CountRange>(ranges: readonly R[], range: CountRange): R | undefined {
  return ranges.find((r) => r.from <= range.to && r.to >= range.from);
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


// Company identifiers (SPEC §5, issue 9): the server checks the same rules
// (internal/validate); these only spare a round trip.

/** IBAN lengths per country (ISO 13616), the SEPA countries and a few more. */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27,
  GB: 22, GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27,
  MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, UA: 29, VA: 22,
};

/** mod 97 of a long decimal string, without big integers. */
function mod97(digits: string): number {
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest;
}

/** IBAN: country, check digits, the country's length, and the mod-97 check (ISO 13616). */
export function isValidIban(value: string): boolean {
  const iban = compactCode(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length !== undefined && iban.length !== length) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  const digits = moved.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return mod97(digits) === 1;
}

/** BIC: 8 or 11 characters (bank, country, location, optional branch). */
export function isValidBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compactCode(value));
}

/**
 * A Belgian company (enterprise) number, also the Belgian VAT number: 10
 * digits (BE, dots and spaces allowed), the last two 97 minus the first
 * eight mod 97.
 */
export function isValidBelgianNumber(value: string): boolean {
  const number = compactCode(value).replace(/^BE/, '');
  if (!/^[01]\d{9}$/.test(number)) return false;
  return 97 - (Number(number.slice(0, 8)) % 97) === Number(number.slice(8));
}

/** VAT number formats of the EU countries (without the prefix); Belgium has its check digits. */
const VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/, BG: /^\d{9,10}$/, CY: /^\d{8}[A-Z]$/, CZ: /^\d{8,10}$/, DE: /^\d{9}$/, DK: /^\d{8}$/,
  EE: /^\d{9}$/, EL: /^\d{9}$/, ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/, FI: /^\d{8}$/, FR: /^[A-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/, HU: /^\d{8}$/, IE: /^\d{7}[A-Z]{1,2}$|^\d[A-Z+*]\d{5}[A-Z]$/, IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/, LU: /^\d{8}$/, LV: /^\d{11}$/, MT: /^\d{8}$/, NL: /^\d{9}B\d{2}$/, PL: /^\d{10}$/,
  PT: /^\d{9}$/, RO: /^\d{2,10}$/, SE: /^\d{12}$/, SI: /^\d{8}$/, SK: /^\d{10}$/,
};

/**
 * A VAT number as the server reads it (validate.NormalizeVATNumber): one
 * written without a country prefix is Belgian; Belgian ones by their check
 * digits, other EU ones by their country's format; other countries are not
 * EU VAT numbers.
 */
export function isValidVatNumber(value: string): boolean {
  let vat = compactCode(value);
  if (/^\d/.test(vat)) vat = `BE${vat}`;
  if (vat.length < 4) return false;
  const prefix = vat.startsWith('GR') ? 'EL' : vat.slice(0, 2);
  if (prefix === 'BE') return isValidBelgianNumber(vat);
  const format = VAT_FORMATS[prefix];
  return format ? format.test(vat.slice(2)) : false;
}

/** The rules for company forms: each optional unless `required`. */
export function companyRules(t: TFunction) {
  const invalid = (label: string) => t('validation:invalid', { label });
  const checked = (label: string, test: (value: string) => boolean) =>
    z.string().trim().refine((value) => !value || test(value), invalid(label));
  return {
    iban: (label: string) => checked(label, isValidIban),
    bic: (label: string) => checked(label, isValidBic),
    belgianNumber: (label: string) => checked(label, isValidBelgianNumber),
    vatNumber: (label: string) => checked(label, isValidVatNumber),
  };
}

/**
 * SPEC §5, §9: a user's own commuting distance lies within ±20 % of the
 * admin's, compared in whole metres exactly as the server does
 * (trip.WithinDeviation: 19.9 % passes, 20.1 % does not).
 */
export function withinDistanceDeviation(adminMetres: number, userMetres: number): boolean {
  return (
    userMetres * 100 >= adminMetres * (100 - DISTANCE_MAX_DEVIATION_PERCENT) &&
    userMetres * 100 <= adminMetres * (100 + DISTANCE_MAX_DEVIATION_PERCENT)
  );
}

/** The smallest and largest own distance (metres) the rule allows beside the admin's. */
export function distanceDeviationRange(adminMetres: number): { min: number; max: number } {
  return {
    min: Math.ceil((adminMetres * (100 - DISTANCE_MAX_DEVIATION_PERCENT)) / 100),
    max: Math.floor((adminMetres * (100 + DISTANCE_MAX_DEVIATION_PERCENT)) / 100),
  };
}

/**
 * The message for a user's own distance outside the ±20 % of the admin's
 * (both in metres), or null when it is within; the range is shown in km
 * through toKm.
 */
export function distanceDeviationMessage(
  t: TFunction,
  label: string,
  adminMetres: number,
  userMetres: number,
  toKm: (metres: number) => string,
): string | null {
  if (withinDistanceDeviation(adminMetres, userMetres)) return null;
  const { min, max } = distanceDeviationRange(adminMetres);
  return t('validation:distanceDeviation', { label, percent: DISTANCE_MAX_DEVIATION_PERCENT, min: toKm(min), max: toKm(max) });
}
