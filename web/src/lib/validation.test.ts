import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRules, passwordsMatch } from './validation';

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
