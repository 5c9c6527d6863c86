import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRules, isValidBelgianNumber, isValidIban, isValidVatNumber, passwordsMatch } from './validation';

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
    expect(isValidVatNumber('0403170701')).toBe(false);
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
