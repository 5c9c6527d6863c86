import { describe, expect, it } from 'vitest';
import {
  defaultPeriod,
  defaultTimelineRange,
  PIE_COLORS,
  pieItems,
  pieSize,
  rangeFromPicker,
  sumCents,
  timelinePoints,
  visibleTiles,
  isReportTile,
  type TileViewer,
} from './rules';

const today = new Date(2026, 10, 23); // 23 November 2026

describe('periods (SPEC §9)', () => {
  it('defaults the period to the current month and the timeline to the last 12 months', () => {
    expect(defaultPeriod(today)).toEqual({ from: '202611', to: '202611' });
    expect(defaultTimelineRange(today)).toEqual({ from: '202512', to: '202611' });
    expect(defaultTimelineRange(new Date(2026, 0, 5))).toEqual({ from: '202502', to: '202601' });
  });

  it('takes a picked range as yyyyMM, one month picked twice included', () => {
    expect(rangeFromPicker(['2026-03-01', '2026-05-01'], today)).toEqual({ from: '202603', to: '202605' });
    expect(rangeFromPicker(['2026-03-01', '2026-03-01'], today)).toEqual({ from: '202603', to: '202603' });
    expect(rangeFromPicker([null, null], today)).toBeNull();
  });

  it('never goes past the current month, and keeps the last 24 months of a longer range', () => {
    expect(rangeFromPicker(['2026-10-01', '2027-02-01'], today)).toEqual({ from: '202610', to: '202611' });
    expect(rangeFromPicker(['2027-01-01', '2027-02-01'], today)).toEqual({ from: '202611', to: '202611' });
    expect(rangeFromPicker(['2020-01-01', '2026-11-01'], today)).toEqual({ from: '202412', to: '202611' });
  });
});

describe('timeline points (SPEC §4)', () => {
  const label = (m: string) => `${m.slice(4)}/${m.slice(0, 4)}`;

  it('draws a single month as three identical points', () => {
    const drawn = timelinePoints([{ month: '202611', value: 7 }], label);
    expect(drawn).toHaveLength(3);
    expect(drawn.map((p) => [p.label, p.value])).toEqual([
      ['11/2026', 7],
      ['11/2026', 7],
      ['11/2026', 7],
    ]);
    // Each point has its own key, or the chart would merge them.
    expect(new Set(drawn.map((p) => p.month)).size).toBe(3);
  });

  it('draws several months one point each, and nothing for none', () => {
    expect(timelinePoints([{ month: '202610', value: 1 }, { month: '202611', value: 2 }], label)).toHaveLength(2);
    expect(timelinePoints([], label)).toEqual([]);
  });
});

describe('expenses pie (SPEC §9)', () => {
  const slice = (key: string, cents: number) => ({ key, label: key, count: cents ? 1 : 0, totalPriceVatIncl: cents });

  it('leaves zero values out', () => {
    const items = pieItems([slice('BIKE', 1000), slice('TRAIN', 0), slice('BUS_TRAM_METRO', 250)]);
    expect(items.map((i) => i.key)).toEqual(['BIKE', 'BUS_TRAM_METRO']);
  });

  it('gives seven fixed colours in turn', () => {
    expect(PIE_COLORS).toHaveLength(7);
    expect(new Set(PIE_COLORS).size).toBe(7);
    const items = pieItems(Array.from({ length: 9 }, (_, i) => slice(`K${i}`, 100 + i)));
    expect(items.map((i) => i.color)).toEqual([...PIE_COLORS, PIE_COLORS[0], PIE_COLORS[1]]);
    // A zero slice takes no colour: the next one gets the first free colour.
    expect(pieItems([slice('A', 0), slice('B', 5)])[0]!.color).toBe(PIE_COLORS[0]);
  });

  it('is small up to 5 items, medium above 5, large above 10, extra-large above 15', () => {
    expect([1, 5, 6, 10, 11, 15, 16, 30].map(pieSize)).toEqual([
      'small', 'small', 'medium', 'medium', 'large', 'large', 'extraLarge', 'extraLarge',
    ]);
  });
});

describe('tiles (SPEC §2 Dashboard)', () => {
  const viewer = (overrides: Partial<TileViewer>): TileViewer => ({
    msp: false,
    reportingManager: false,
    userManager: true,
    prepaid: false,
    hasBudgetData: false,
    ...overrides,
  });
  const base = ['activeUsers', 'newUsers', 'expenses', 'transactions', 'negativeBudget'];

  it('shows the company budget to prepaid companies with budget data', () => {
    expect(visibleTiles(viewer({ prepaid: true, hasBudgetData: true }))).toEqual([...base, 'companyBudget']);
    expect(visibleTiles(viewer({ prepaid: false, hasBudgetData: true }))).toEqual(base);
    expect(visibleTiles(viewer({ prepaid: true, hasBudgetData: false }))).toEqual(base);
  });

  it('shows the company budget to MSP users when budget data exists', () => {
    expect(visibleTiles(viewer({ msp: true, hasBudgetData: true }))).toEqual([...base, 'companyBudget']);
    expect(visibleTiles(viewer({ msp: true }))).toEqual(base);
  });

  it('knows the report tiles', () => {
    expect(['newUsers', 'expenses'].every((t) => isReportTile(t as never))).toBe(true);
    expect(isReportTile('activeUsers')).toBe(false);
  });
});

describe('amounts (SPEC §9)', () => {
  it('sums in cents, without float drift', () => {
    expect(sumCents([10, 20, null, 70])).toBe(100);
    expect(sumCents(Array.from({ length: 10 }, () => 10))).toBe(100); // 10 × €0.10 is exactly €1.00
  });
});
