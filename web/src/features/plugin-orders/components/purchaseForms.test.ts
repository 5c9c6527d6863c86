import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { rejectSchema, toUpdateBody, updateSchema, type UpdateValues } from './purchaseForms';

const t = i18n.getFixedT('en');
beforeAll(() => i18n.loadNamespaces('pluginOrders'));

const issues = (values: UpdateValues) => {
  const result = updateSchema(t).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('the update dialog', () => {
  it('takes a price above zero with two decimals and sends it in cents, texts trimmed', () => {
    expect(issues({ price: '61.50', remark: 'At the office', details: '' })).toEqual({});
    expect(toUpdateBody('p-1', { price: '61.50', remark: ' At the office ', details: ' M ' })).toEqual({
      purchaseOspId: 'p-1',
      price: 6150,
      remark: 'At the office',
      details: 'M',
    });
  });

  it('names the price field for an empty, zero, negative, too precise or too large price', () => {
    for (const price of ['', '0', '-5', '1.234', '10000000.01']) {
      expect(issues({ price, remark: '', details: '' }).price, price).toMatch(/Price/);
    }
  });

  it('refuses a remark over 500 and details over 2,000 characters', () => {
    const got = issues({ price: '1', remark: 'x'.repeat(501), details: 'y'.repeat(2001) });
    expect(got.remark).toMatch(/Remark can have at most 500/);
    expect(got.details).toMatch(/Details can have at most 2000/);
  });
});

describe('the reject dialog', () => {
  it('needs a reason that is not blank, at most 500 characters', () => {
    const schema = rejectSchema(t);
    expect(schema.safeParse({ reason: 'Not in the policy' }).success).toBe(true);
    const blank = schema.safeParse({ reason: '   ' });
    expect(blank.success ? '' : blank.error.issues[0]?.message).toBe('Reason is required');
    const long = schema.safeParse({ reason: 'x'.repeat(501) });
    expect(long.success ? '' : long.error.issues[0]?.message).toMatch(/at most 500/);
  });
});
