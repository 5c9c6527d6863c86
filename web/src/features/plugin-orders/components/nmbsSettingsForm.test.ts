import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { nmbsSchema, toNmbsBody, type NmbsValues } from './nmbsSettingsForm';

const t = i18n.getFixedT('en');
beforeAll(() => i18n.loadNamespaces('pluginOrders'));

const valid = (overrides: Partial<NmbsValues> = {}): NmbsValues => ({
  enabled: true,
  products: ['ROUTE'],
  classes: ['2'],
  budgetTypes: ['MOBILITY_BUDGET'],
  parkingAllowed: false,
  organismNumber: 'ACME',
  ...overrides,
});
const issues = (values: NmbsValues) => {
  const result = nmbsSchema(t).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('the NMBS season-card settings', () => {
  it('sends the organism number upper case and the classes as numbers', () => {
    expect(issues(valid({ organismNumber: 'acme' }))).toEqual({});
    expect(toNmbsBody('c-1', valid({ organismNumber: ' acme ', classes: ['1', '2'] }))).toMatchObject({
      corporateAccountOspId: 'c-1',
      organismNumber: 'ACME',
      classes: [1, 2],
    });
  });

  it('wants exactly 4 letters as the organism number (SPEC §5)', () => {
    for (const organismNumber of ['ACM', 'ACMEE', 'AC1E', 'AC E', 'ÄCME']) {
      expect(issues(valid({ organismNumber })).organismNumber, organismNumber).toBe('Organism number must be exactly 4 letters (A-Z)');
    }
  });

  it('needs the organism number and one product, class and budget type only when enabled', () => {
    const empty = { products: [], classes: [], budgetTypes: [], organismNumber: '' };
    expect(Object.keys(issues(valid({ ...empty })))).toEqual(['organismNumber', 'products', 'classes', 'budgetTypes']);
    expect(issues(valid({ ...empty })).classes).toBe('Choose at least one value for Classes when season cards are enabled');
    expect(issues(valid({ ...empty, enabled: false }))).toEqual({});
    // a wrong organism number is wrong even when switched off
    expect(Object.keys(issues(valid({ ...empty, enabled: false, organismNumber: 'AB' })))).toEqual(['organismNumber']);
  });
});
