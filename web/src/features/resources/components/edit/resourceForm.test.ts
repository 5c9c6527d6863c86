import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { bikeStation, gasStation, monthlyFee, service } from '../../testFixtures';
import { newFee, resourceSchema, resourceValues, serverFields, toFeeWrite, toResourceWrite } from './resourceForm';

const issues = (kind: Parameters<typeof resourceSchema>[0], values: unknown) => {
  const result = resourceSchema(kind, i18n.t).safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('resource form', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('sends a gas station with its pumps, coordinates and fees in cents', () => {
    const values = resourceValues(gasStation);
    expect(values.fees[0]!.amount).toBe('12.50');
    values.fees[0]!.amount = '19.99';
    values.numberOfPumps = '12';
    expect(toResourceWrite('gasstation', values)).toEqual({
      extId: 'TOTAL-GENT-1',
      name: 'Total Gent Dok',
      description: '',
      mrpPartnerOspId: 'p-tot',
      mobilityMode: 'FUEL',
      labelOspIds: ['l-24'],
      address: { street: 'Dok-Noord', streetNumber: '4', zipCode: '9000', city: 'Gent' },
      latitude: 51.0652,
      longitude: 3.7306,
      numberOfPumps: 12,
      fees: [
        { feeType: 'FIXED', amount: 1999, vatPercent: 21, cron: '0 0 1 * *', proRata: true, onUserBudget: false, description: 'Subscription' },
      ],
    });
  });

  it('leaves out what a kind has not: a service has no address, a bike station without capacity sends none', () => {
    const payload = toResourceWrite('service', resourceValues(service)) as Record<string, unknown>;
    expect(payload).not.toHaveProperty('address');
    expect(payload).not.toHaveProperty('latitude');
    const bike = { ...resourceValues(bikeStation), capacity: '' };
    expect(toResourceWrite('bike', bike)).not.toHaveProperty('capacity');
    expect(toResourceWrite('bike', { ...bike, capacity: '25' })).toMatchObject({ capacity: 25 });
  });

  it('sends a variable fee with its unit and without schedule or pro rata', () => {
    const fee = { ...newFee(), feeType: 'VARIABLE' as const, amount: '0.35', unit: 'KWH', cron: '0 0 * * *', proRata: true, vatPercent: '5.5' };
    expect(toFeeWrite(fee)).toEqual({ feeType: 'VARIABLE', amount: 35, unit: 'KWH', vatPercent: 5.5, proRata: false, onUserBudget: true });
    expect(toFeeWrite({ ...monthlyFeeValues(), cron: '  ' })).toMatchObject({ proRata: false });
    expect(toFeeWrite({ ...monthlyFeeValues(), cron: '  ' })).not.toHaveProperty('cron');
  });

  it('names every field that fails, with the spec\'s rules', () => {
    const values = {
      ...resourceValues(gasStation),
      extId: 'TOTAL GENT',
      latitude: '91',
      longitude: '-181',
      numberOfPumps: '2.5',
      fees: [
        { ...newFee(), feeType: 'VARIABLE', amount: '10000.01', unit: '' },
        { ...newFee(), amount: '1', proRata: true, cron: '' },
        { ...newFee(), amount: '1', cron: 'every month' },
      ],
    };
    expect(issues('gasstation', values)).toEqual({
      extId: 'External id may not contain dots or spaces',
      latitude: 'Latitude must be between -90 and 90',
      longitude: 'Longitude must be between -180 and 180',
      numberOfPumps: 'Number of pumps must be a whole number',
      'fees.0.amount': 'Amount can be at most 10000',
      'fees.0.unit': 'Unit is required',
      'fees.1.proRata': 'Pro rata needs a schedule (cron)',
      'fees.2.cron': expect.stringMatching(/^Schedule \(cron\) is not a schedule/),
    });
  });

  it('asks a located kind for its coordinates, and a service for none', () => {
    const empty = resourceValues(null);
    expect(issues('parking', { ...empty, extId: 'P1', name: 'P1', mrpPartnerOspId: 'p', mobilityMode: 'PARKING' })).toEqual({
      latitude: 'Latitude is required',
      longitude: 'Longitude is required',
    });
    expect(issues('service', { ...empty, extId: 'S1', name: 'S1', mrpPartnerOspId: 'p', mobilityMode: 'TRAIN' })).toEqual({});
    expect(issues('gasstation', { ...empty, extId: 'G', name: 'G', mrpPartnerOspId: 'p', mobilityMode: 'FUEL', latitude: '1', longitude: '1' }))
      .toEqual({ numberOfPumps: 'Number of pumps is required' });
  });

  it('maps the server\'s field names onto the form\'s', () => {
    const { fields, fieldMap } = serverFields(2);
    expect(fields).toContain('address.city');
    expect(fieldMap['fees[1].cron']).toBe('fees.1.cron');
    expect(fieldMap['fees[2].cron']).toBeUndefined();
  });
});

function monthlyFeeValues() {
  return resourceValues({ ...gasStation, fees: [monthlyFee] }).fees[0]!;
}
