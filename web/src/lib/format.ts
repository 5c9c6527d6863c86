import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { API_DATE_FORMAT, CURRENCY, DATE_FORMAT, DATE_TIME_FORMAT } from './constants';

dayjs.extend(customParseFormat);

const LOCALES: Record<string, string> = { nl: 'nl-BE', fr: 'fr-BE', en: 'en-GB' };

/** Money travels as integer euro cents; it becomes a decimal only here, for display. */
export function formatMoney(cents: number, language = 'nl'): string {
  if (!Number.isInteger(cents)) {
    throw new TypeError(`money must be integer cents, got ${cents}`);
  }
  const formatter = new Intl.NumberFormat(LOCALES[language] ?? LOCALES.nl, {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  // Divide at the last moment; cents/100 is exact enough for two decimals.
  return formatter.format(cents / 100);
}

/** API month (yyyyMM) → display month (MM/yyyy, SPEC §9); other input as it is. */
export function formatMonth(month: string): string {
  return /^\d{6}$/.test(month) ? `${month.slice(4, 6)}/${month.slice(0, 4)}` : month;
}

/** API date (yyyy-MM-dd) → display date (dd/MM/yyyy); empty for missing or invalid input. */
export function formatDate(apiDate: string | null | undefined): string {
  if (!apiDate) return '';
  const d = dayjs(apiDate, API_DATE_FORMAT, true);
  return d.isValid() ? d.format(DATE_FORMAT) : '';
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.format(DATE_TIME_FORMAT) : '';
}

/**
 * An RFC 3339 time shown as the server wrote it (in its own zone, e.g. the
 * Europe/Brussels of fee schedules) as dd/MM/yyyy HH:mm, whatever the
 * browser's zone; empty for anything else.
 */
export function formatZonedDateTime(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]} ${match[4]}:${match[5]}` : '';
}

/** Display date (dd/MM/yyyy) → API date (yyyy-MM-dd); null when it is not a real date. */
export function toApiDate(displayDate: string): string | null {
  const d = dayjs(displayDate, DATE_FORMAT, true);
  return d.isValid() ? d.format(API_DATE_FORMAT) : null;
}

export function dateToApi(date: Date): string {
  return dayjs(date).format(API_DATE_FORMAT);
}
