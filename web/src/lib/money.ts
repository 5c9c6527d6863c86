import { MONEY_DECIMALS } from './constants';

// Money travels as integer euro cents. A form holds what the user typed
// (a decimal string with '.'), and converts to cents only when it is sent.

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** '12.5' → 1250; null for an empty or non-numeric value or more than two decimals. */
export function toCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!DECIMAL.test(text)) return null;
  const [, fraction = ''] = text.replace('-', '').split('.');
  if (fraction.length > MONEY_DECIMALS) return null;
  const negative = text.startsWith('-');
  const [whole, frac = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return negative ? -cents : cents;
}

/** 1250 → '12.50' (the form's value for an existing amount). */
export function fromCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  const negative = cents < 0;
  const abs = Math.abs(cents);
  return `${negative ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Number of decimals typed ('1.234' → 3). */
export function decimalsOf(value: string): number {
  const [, fraction = ''] = value.trim().split('.');
  return fraction.length;
}
