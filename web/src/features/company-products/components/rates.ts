import dayjs from 'dayjs';
import { API_DATE_FORMAT } from '@/lib/constants';
import type { TaxFreeRate, TaxFreeRateKind } from '../api/types';

// Rates per km travel as integer micro-euros (0.35 EUR/km = 350000, so
// every official rate such as 0.4415 is exact). A form holds what the admin
// typed (a decimal string with '.'); it is converted digit by digit, never
// through a float.

/** Decimals of a rate per km the server can hold. */
export const RATE_DECIMALS = 6;
/** The server's largest rate: 10 EUR/km. */
export const MAX_RATE_EUR = 10;
/** The server's largest amount per trip, day or home-work day: 1,000 EUR. */
export const MAX_ALLOWANCE_EUR = 1000;

const RATE = /^\d+(\.\d{1,6})?$/;

/** '0.35' → 350000, '0.4415' → 441500; null for an empty, negative or non-numeric value or more than six decimals. */
export function toMicros(value: string | null | undefined): number | null {
  const text = (value ?? '').trim();
  if (!RATE.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 1_000_000 + Number(fraction.padEnd(RATE_DECIMALS, '0'));
}

/** 350000 → '0.35', 441500 → '0.4415', 0 → '0.00' (at least two decimals, no trailing zeros beyond). */
export function fromMicros(micros: number | null | undefined): string {
  if (micros === null || micros === undefined) return '';
  const negative = micros < 0;
  const abs = Math.abs(micros);
  let fraction = String(abs % 1_000_000).padStart(RATE_DECIMALS, '0');
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${negative ? '-' : ''}${Math.floor(abs / 1_000_000)}.${fraction}`;
}

const LOCALES: Record<string, string> = { nl: 'nl-BE', fr: 'fr-BE', en: 'en-GB' };

/** A rate for display: '€ 0,4415' in Dutch (at least two decimals). */
export function formatRate(micros: number, language: string): string {
  return new Intl.NumberFormat(LOCALES[language] ?? LOCALES.nl, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: RATE_DECIMALS,
  }).format(micros / 1_000_000);
}

/** The rate of a kind valid on a day (yyyy-MM-dd; validTo inclusive, empty: open-ended), or undefined. */
export function rateOn(rates: readonly TaxFreeRate[] | undefined, kind: TaxFreeRateKind, day = dayjs().format(API_DATE_FORMAT)): TaxFreeRate | undefined {
  return rates?.find((r) => r.kind === kind && r.validFrom <= day && (!r.validTo || r.validTo >= day));
}
