
// Exact conversions between what a form holds (a decimal string with '.')
// and the integers the API takes: per-km rates in micro-euros, distances in
// metres. The digits are moved, never multiplied as floats, so 0.35 is
// 350000 and not 349999.99999999994.

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Per-km rates travel as micro-euros (0.35 EUR/km = 350000): typed with at most 6 decimals, exact. */
export const RATE_DECIMALS = 6;
/** Distances travel as metres: typed in km with at most 3 decimals. */
export const DISTANCE_DECIMALS = 3;

/** '0.35' at 6 decimals → 350000; null for an empty or non-numeric value or too many decimals. */
export function toScaled(value: string | null | undefined, decimals: number): number | null {
  const text = (value ?? '').trim();
  if (!DECIMAL.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  if (fraction.length > decimals) return null;
  const scaled = Number(whole + fraction.padEnd(decimals, '0'));
  if (!Number.isSafeInteger(scaled)) return null;
  return negative && scaled !== 0 ? -scaled : scaled;
}

/** 350000 at 6 decimals → '0.35' (trailing zeros dropped, at least minDecimals kept). */
export function fromScaled(value: number | null | undefined, decimals: number, minDecimals = 0): string {
  if (value === null || value === undefined) return '';
  const negative = value < 0;
  const digits = String(Math.abs(Math.trunc(value))).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, '0');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Euros per km as typed ('0.35') → micro-euros (350000). */
export const toMicroEuros = (value: string | null | undefined) => toScaled(value, RATE_DECIMALS);
/** Micro-euros (350000) → euros per km for a form ('0.35'). */
export const fromMicroEuros = (micro: number | null | undefined) => fromScaled(micro, RATE_DECIMALS, 2);

/** Kilometres as typed ('12.5') → metres (12500). */
export const kmToMetres = (value: string | null | undefined) => toScaled(value, DISTANCE_DECIMALS);
/** Metres (12500) → kilometres for a form ('12.5'). */
export const metresToKm = (metres: number | null | undefined) => fromScaled(metres, DISTANCE_DECIMALS);
