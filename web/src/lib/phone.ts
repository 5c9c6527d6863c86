import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES, PHONE_MAX_LENGTH, type PhoneCountry } from './constants';

// Mobile phone numbers (SPEC §5): typed in national or international form
// with a country picked (default BE), only numbers of the allowed countries,
// at most 25 characters. The server stores E.164, so that is what we send.

export function isPhoneCountry(value: unknown): value is PhoneCountry {
  return typeof value === 'string' && (PHONE_COUNTRIES as readonly string[]).includes(value);
}

function parse(value: string, country: PhoneCountry) {
  return parsePhoneNumberFromString(value.trim(), country as CountryCode);
}

/** True for an empty value too: whether the field is required is another rule. */
export function isValidPhone(value: string, country: PhoneCountry): boolean {
  const trimmed = value.trim();
  if (!trimmed) return true;
  if (trimmed.length > PHONE_MAX_LENGTH) return false;
  const number = parse(trimmed, country);
  // A +33 number typed with BE selected is fine, a +1 number is not.
  return Boolean(number?.isValid() && isPhoneCountry(number.country));
}

/** The E.164 form (+32470123456) of a valid number, '' for an empty one. */
export function toE164(value: string, country: PhoneCountry): string {
  if (!value.trim()) return '';
  return parse(value, country)?.number ?? value.trim();
}

/** Splits a stored number into the country and the national form for editing. */
export function fromE164(stored: string | null | undefined): { country: PhoneCountry; number: string } {
  if (!stored) return { country: DEFAULT_PHONE_COUNTRY, number: '' };
  const number = parsePhoneNumberFromString(stored);
  if (number && isPhoneCountry(number.country)) {
    return { country: number.country, number: number.formatNational() };
  }
  return { country: DEFAULT_PHONE_COUNTRY, number: stored };
}

/** International form for display (+32 470 12 34 56). */
export function formatPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  return parsePhoneNumberFromString(stored)?.formatInternational() ?? stored;
}

/** The international prefix of a country (BE → 32). */
export function callingCode(country: PhoneCountry): string {
  return getCountryCallingCode(country as CountryCode);
}
