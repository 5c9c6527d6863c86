import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { emptyExpense, expenseSchema, toCreateExpense, type ExpenseValues } from './expenseForm';

const t = i18n.getFixedT('en');
const train = { ospId: 'r-1', name: 'Gent-Brussel', providerName: 'NMBS-SNCB', mobilityMode: 'TRAIN' };
const valid = (overrides: Partial<ExpenseValues> = {}): ExpenseValues => ({
  ...emptyExpense(),
  amount: '9.90',
  description: 'Gent-Brussel',
  budgetOspId: 'b-1',
  date: '2026-11-20',
  ...overrides,
});
const quantityIssues = (values: ExpenseValues) => {
  const result = expenseSchema(t).safeParse(values);
  return result.success ? [] : result.error.issues.filter((i) => i.path[0] === 'quantity').map((i) => i.message);
};

describe('an expense on a catalogue resource', () => {
  it('sends the resource and its quantity, and neither when none is chosen', () => {
    expect(toCreateExpense(valid({ resource: train, quantity: '2.125' }), 'u-1')).toMatchObject({ resourceOspId: 'r-1', quantity: 2.125 });
    const withoutQuantity = toCreateExpense(valid({ resource: train }), 'u-1');
    expect(withoutQuantity.resourceOspId).toBe('r-1');
    expect(withoutQuantity).not.toHaveProperty('quantity');
    const plain = toCreateExpense(valid(), 'u-1');
    expect(plain).not.toHaveProperty('resourceOspId');
    expect(plain).not.toHaveProperty('quantity');
  });

  it('accepts a quantity of at most 3 decimals within 0 to a billion, only with a resource', () => {
    expect(quantityIssues(valid({ resource: train, quantity: '0' }))).toEqual([]);
    expect(quantityIssues(valid({ resource: train, quantity: '999999999.999' }))).toEqual([]);
    expect(quantityIssues(valid({ resource: train, quantity: '1.2345' }))).toEqual(['Quantity can have at most 3 decimals']);
    expect(quantityIssues(valid({ resource: train, quantity: '-1' }))).toEqual(['Quantity cannot be negative']);
    expect(quantityIssues(valid({ resource: train, quantity: '1000000001' }))).toHaveLength(1);
    expect(quantityIssues(valid({ quantity: '2' }))).toEqual(['Choose a resource to give a quantity']);
  });
});
