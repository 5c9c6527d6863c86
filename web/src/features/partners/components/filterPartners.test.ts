import { describe, expect, it } from 'vitest';
import type { Partner } from '../api/types';
import { filterPartners } from './filterPartners';

const p = (name: string, partnerType: Partner['partnerType'], extId = ''): Partner =>
  ({ ospId: name, name, partnerType, extId, active: true, selectedBudgetTypes: [] }) as unknown as Partner;

describe('filterPartners', () => {
  const all = [p('RideOn', 'MSP', 'RIDEON'), p('Électro Bikes', 'MRP', 'EB-1'), p('MobiPartner', 'MSP', 'MOBI')];

  it('sorts by name and keeps all without filters', () => {
    expect(filterPartners(all, { type: '', search: '' }).map((x) => x.name)).toEqual(['Électro Bikes', 'MobiPartner', 'RideOn']);
  });

  it('filters by type and by a name or extId fragment, ignoring case and accents', () => {
    expect(filterPartners(all, { type: 'MSP', search: '' }).map((x) => x.name)).toEqual(['MobiPartner', 'RideOn']);
    expect(filterPartners(all, { type: '', search: 'electro' }).map((x) => x.name)).toEqual(['Électro Bikes']);
    expect(filterPartners(all, { type: '', search: ' mobi ' }).map((x) => x.name)).toEqual(['MobiPartner']);
    expect(filterPartners(all, { type: 'MRP', search: 'ride' })).toEqual([]);
  });
});
