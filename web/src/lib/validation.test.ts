import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  companyRules,
  createRules,
  cronRule,
  dayRule,
  distanceDeviationMessage,
  distanceDeviationRange,
  withinDistanceDeviation,
  isCronShape,
  latitudeRule,
  longitudeRule,
  moneyRule,
  numberRule,
  overlappingPeriod,
  overlappingRange,
  rangeOrderMessage,
  isValidBelgianNumber,
  isValidBic,
  isValidIban,
  isValidVatNumber,
  passwordsMatch,
} from './validation';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('validation rules', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('produces the spec\'s translated messages', () => {
    const rules = createRules(i18n.t);
    expect(firstMessage(rules.required('Login'), '  ')).toBe('Login is required');
    expect(firstMessage(rules.email('E-mail'), 'nope')).toBe('The email format seems to be wrong');
    expect(firstMessage(rules.email('E-mail'), 'a@b.be')).toBeNull();
    expect(firstMessage(rules.newPassword('Password'), 'short')).toBe('Password must have at least 8 characters');
    expect(firstMessage(rules.newPassword('Password'), 'long enough')).toBeNull();
    expect(firstMessage(rules.twoFactorCode('Code'), '12a456')).toBe('The code has 6 digits');
    expect(firstMessage(rules.twoFactorCode('Code'), '123456')).toBeNull();
  });

  it('speaks the current language', async () => {
    await i18n.changeLanguage('nl');
    expect(firstMessage(createRules(i18n.t).required('Login'), '')).toBe('Login is verplicht');
    await i18n.changeLanguage('en');
  });

  it('checks that both passwords match', () => {
    const schema = z
      .object({ newPassword: z.string(), repeatPassword: z.string() })
      .superRefine(passwordsMatch(i18n.t));
    const result = schema.safeParse({ newPassword: 'abcdefgh', repeatPassword: 'abcdefgx' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['repeatPassword'], message: 'The passwords do not match' });
  });
});

describe('IBAN, VAT number and hex colour (SPEC §5)', () => {
  it('checks IBANs with their mod-97 check digits', () => {
    expect(isValidIban('BE68 5390 0754 7034')).toBe(true);
    expect(isValidIban('NL91ABNA0417164300')).toBe(true);
    expect(isValidIban('de89370400440532013000')).toBe(true);
    expect(isValidIban('BE68539007547035')).toBe(false);
    expect(isValidIban('BE68')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });

  it('checks Belgian numbers by mod 97 and other EU VAT numbers by format', () => {
    expect(isValidBelgianNumber('0403.170.701')).toBe(true);
    expect(isValidBelgianNumber('0403170702')).toBe(false);
    expect(isValidVatNumber('BE 0403.170.701')).toBe(true);
    expect(isValidVatNumber('BE0403170702')).toBe(false);
    expect(isValidVatNumber('NL123456789B01')).toBe(true);
    expect(isValidVatNumber('NL123456789')).toBe(false);
    expect(isValidVatNumber('FRXX123456789')).toBe(true);
    expect(isValidVatNumber('0403170701')).toBe(true); // no prefix: Belgian, as the server reads it
    expect(isValidVatNumber('US123456789')).toBe(false);
  });

  it('accepts # and 6 or 8 hex characters, uppercased', () => {
    const rules = createRules(i18n.t);
    expect(rules.hexColor('Brand colour').parse(' #0f89ea')).toBe('#0F89EA');
    expect(rules.hexColor('Brand colour').parse('#0f89eaCC')).toBe('#0F89EACC');
    expect(firstMessage(rules.hexColor('Brand colour'), '#0F89E')).toBe('Brand colour must be # followed by 6 or 8 hexadecimal characters');
    expect(firstMessage(rules.hexColor('Brand colour'), '0F89EA')).toBe('Brand colour must be # followed by 6 or 8 hexadecimal characters');
    expect(firstMessage(rules.hexColor('Brand colour'), '#GGGGGG')).not.toBeNull();
    expect(firstMessage(rules.hexColor('Brand colour'), '')).toBeNull();
    expect(firstMessage(rules.hexColor('Brand colour', { required: true }), '')).toBe('Brand colour is required');
    expect(firstMessage(rules.iban('IBAN'), 'BE68539007547035')).toBe('IBAN is not valid');
  });
});

describe('company identifiers', () => {
  it('checks IBANs by length and mod 97', () => {
    for (const good of ['BE68539007547034', 'BE68 5390 0754 7034', 'be71096123456769', 'NL91ABNA0417164300', 'DE89370400440532013000']) {
      expect(isValidIban(good), good).toBe(true);
    }
    for (const bad of ['BE68539007547035', 'BE6853900754703', 'NL91ABNA041716430', 'XX', '1234', '']) {
      expect(isValidIban(bad), bad).toBe(false);
    }
  });

  it('checks BICs: 8 or 11 characters', () => {
    expect(isValidBic('GEBABEBB')).toBe(true);
    expect(isValidBic('gkccbebb')).toBe(true);
    expect(isValidBic('GEBABEBB036')).toBe(true);
    expect(isValidBic('GEBABE')).toBe(false);
    expect(isValidBic('GEBABEBB03')).toBe(false);
    expect(isValidBic('1EBABEBB')).toBe(false);
  });

  it('checks Belgian numbers: 10 digits, 97 minus the first eight mod 97', () => {
    for (const good of ['0123456749', '0123.456.749', 'BE0123456749', 'BE 0123 456 749']) {
      expect(isValidBelgianNumber(good), good).toBe(true);
    }
    for (const bad of ['0123456748', '123456749', 'BE01234567490', '2123456749', 'abc']) {
      expect(isValidBelgianNumber(bad), bad).toBe(false);
    }
  });

  it('checks VAT numbers: Belgian by check digits, other EU countries by format', () => {
    expect(isValidVatNumber('BE0123456749')).toBe(true);
    expect(isValidVatNumber('0123.456.749')).toBe(true);
    expect(isValidVatNumber('BE0123456748')).toBe(false);
    expect(isValidVatNumber('NL123456789B01')).toBe(true);
    expect(isValidVatNumber('123456789B01')).toBe(false); // no prefix: read as Belgian, as the server does
    expect(isValidVatNumber('NL123456789')).toBe(false);
    expect(isValidVatNumber('FRXX123456789')).toBe(true);
    expect(isValidVatNumber('DE12345678')).toBe(false);
  });

  it('gives the spec\'s message and lets empty optional fields pass', () => {
    const rules = companyRules(i18n.t);
    expect(firstMessage(rules.iban('IBAN'), 'BE00 0000 0000 0000')).toBe('IBAN is not valid');
    expect(firstMessage(rules.iban('IBAN'), '')).toBeNull();
    expect(firstMessage(rules.vatNumber('VAT number'), 'BE0123456748')).toBe('VAT number is not valid');
  });
});

describe('resource rules (SPEC §5)', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('keeps latitudes within -90..90 and longitudes within -180..180, naming the field', () => {
    const latitude = latitudeRule(i18n.t, 'Latitude');
    const longitude = longitudeRule(i18n.t, 'Longitude');
    for (const good of ['50.8466', '-90', '90', '0']) expect(firstMessage(latitude, good), good).toBeNull();
    expect(firstMessage(latitude, '90.0001')).toBe('Latitude must be between -90 and 90');
    expect(firstMessage(latitude, '-91')).toBe('Latitude must be between -90 and 90');
    expect(firstMessage(latitude, '')).toBe('Latitude is required');
    expect(firstMessage(latitude, 'north')).toBe('Latitude must be a number');
    expect(firstMessage(longitude, '180')).toBeNull();
    expect(firstMessage(longitude, '-180.5')).toBe('Longitude must be between -180 and 180');
    expect(firstMessage(longitude, '1e2')).toBe('Longitude must be a number');
  });

  it('takes a whole number of pumps, one rule at a time', () => {
    const pumps = numberRule(i18n.t, 'Number of pumps', { integer: true, min: 1, max: 100 });
    expect(firstMessage(pumps, '8')).toBeNull();
    expect(firstMessage(pumps, '2.5')).toBe('Number of pumps must be a whole number');
    expect(firstMessage(pumps, '0')).toBe('Number of pumps must be between 1 and 100');
    expect(firstMessage(pumps, '101')).toBe('Number of pumps must be between 1 and 100');
    const capacity = numberRule(i18n.t, 'Docks', { required: false, integer: true, min: 1 });
    expect(firstMessage(capacity, '')).toBeNull();
    expect(firstMessage(capacity, '0')).toBe('Docks must be at least 1');
  });

  it('limits decimals and the largest amount', () => {
    expect(firstMessage(numberRule(i18n.t, 'VAT', { min: 0, max: 100, decimals: 2 }), '5.555')).toBe('VAT can have at most 2 decimals');
    expect(firstMessage(moneyRule(i18n.t, 'Amount', { max: 10_000 }), '10000.01')).toBe('Amount can be at most 10000');
    expect(firstMessage(moneyRule(i18n.t, 'Amount', { max: 10_000 }), '10000')).toBeNull();
  });

  it('reads the shape of a cron schedule as the server does', () => {
    for (const good of ['0 0 1 * *', '30 7 * * MON-FRI', '*/15 6-9 1,15 JAN *', '@monthly', '@Yearly', '0 0 ? * 1']) {
      expect(isCronShape(good), good).toBe(true);
    }
    for (const bad of ['0 0 1 *', '0 0 1 * * *', '@every 1h', '@hourly', 'TZ=UTC 0 0 * * *', '0 0 1 * ;', '']) {
      expect(isCronShape(bad), bad).toBe(false);
    }
    expect(firstMessage(cronRule(i18n.t, 'Schedule'), '')).toBeNull();
    expect(firstMessage(cronRule(i18n.t, 'Schedule'), 'monthly')).toMatch(/^Schedule is not a schedule/);
  });

  it('finds overlapping periods, an open end running for ever', () => {
    const period = (validFrom: string, validTo: string | null) => ({ validFrom, validTo });
    expect(overlappingPeriod([period('2024-01-01', '2024-06-30'), period('2024-07-01', null)])).toBe(-1);
    expect(overlappingPeriod([period('2024-07-01', null), period('2024-01-01', '2024-06-30')])).toBe(-1);
    // the later one that starts on the last day of the earlier one overlaps it
    expect(overlappingPeriod([period('2024-01-01', '2024-06-30'), period('2024-06-30', null)])).toBe(1);
    expect(overlappingPeriod([period('2025-01-01', '2025-12-31'), period('2024-01-01', null)])).toBe(0);
    expect(overlappingPeriod([])).toBe(-1);
  });

  it('keeps days within a window, shown as dd/MM/yyyy', () => {
    const day = dayRule(i18n.t, 'Valid from', { first: '2000-01-01', last: '2099-12-31', required: true });
    expect(firstMessage(day, '2024-05-01')).toBeNull();
    expect(firstMessage(day, '')).toBe('Valid from is required');
    expect(firstMessage(day, '1900-01-01')).toBe('Valid from must lie between 01/01/2000 and 31/12/2099');
  });
});

describe('user fee tier ranges (SPEC §5)', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('wants "to" at least "from", on the to field, once both are numbers', () => {
    expect(rangeOrderMessage(i18n.t, 'Events to', '10', '9')).toBe('Events to must be at least 10');
    expect(rangeOrderMessage(i18n.t, 'Events to', '10', '10')).toBeNull();
    expect(rangeOrderMessage(i18n.t, 'Events to', '10', '11')).toBeNull();
    expect(rangeOrderMessage(i18n.t, 'Events to', '', '3')).toBeNull();
    expect(rangeOrderMessage(i18n.t, 'Events to', '10', '')).toBeNull();
    // numbers, not text: "9" < "10"
    expect(rangeOrderMessage(i18n.t, 'Events to', '9', '10')).toBeNull();
  });

  it('finds the range that shares a number with another, ends included', () => {
    const tiers = [
      { from: 1, to: 10 },
      { from: 11, to: 50 },
    ];
    expect(overlappingRange(tiers, { from: 51, to: 100 })).toBeUndefined();
    expect(overlappingRange(tiers, { from: 50, to: 60 })).toEqual({ from: 11, to: 50 });
    expect(overlappingRange(tiers, { from: 5, to: 5 })).toEqual({ from: 1, to: 10 });
    expect(overlappingRange(tiers, { from: 0, to: 1000 })).toEqual({ from: 1, to: 10 });
  });
});

describe('own commuting distance (SPEC §5: at most 20 % from the admin\'s)', () => {
  it('accepts 19.9 % either way and refuses 20.1 %, in whole metres like the server', () => {
    expect(withinDistanceDeviation(10000, 11990)).toBe(true);
    expect(withinDistanceDeviation(10000, 8010)).toBe(true);
    expect(withinDistanceDeviation(10000, 12000)).toBe(true);
    expect(withinDistanceDeviation(10000, 8000)).toBe(true);
    expect(withinDistanceDeviation(10000, 12010)).toBe(false);
    expect(withinDistanceDeviation(10000, 7990)).toBe(false);
  });

  it('computes the allowed range and names it in the message', () => {
    expect(distanceDeviationRange(12345)).toEqual({ min: 9876, max: 14814 });
    const t = ((key: string, options: Record<string, unknown>) => `${key} ${JSON.stringify(options)}`) as never;
    expect(distanceDeviationMessage(t, 'Own distance', 10000, 11990, String)).toBeNull();
    expect(distanceDeviationMessage(t, 'Own distance', 10000, 12010, (m) => String(m / 1000))).toBe(
      'validation:distanceDeviation {"label":"Own distance","percent":20,"min":"8","max":"12"}',
    );
  });
});
