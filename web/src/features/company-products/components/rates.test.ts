import { describe, expect, it } from 'vitest';
import { formatRate, fromMicros, rateOn, toMicros } from './rates';

describe('rates per km in micro-euros', () => {
  it('parses the typed decimal exactly', () => {
    expect(toMicros('0.35')).toBe(350000);
    expect(toMicros('0.4415')).toBe(441500);
    expect(toMicros('0.1')).toBe(100000);
    expect(toMicros('1.000001')).toBe(1000001);
    expect(toMicros('10')).toBe(10000000);
    expect(toMicros(' 0.29 ')).toBe(290000);
    // 0.07 * 1e6 in floats is 70000.00000000001
    expect(toMicros('0.07')).toBe(70000);
  });

  it('refuses what is not a rate', () => {
    expect(toMicros('')).toBeNull();
    expect(toMicros('-0.35')).toBeNull();
    expect(toMicros('0.1234567')).toBeNull();
    expect(toMicros('0,35')).toBeNull();
    expect(toMicros('1e3')).toBeNull();
  });

  it('writes micro-euros back as the form shows them', () => {
    expect(fromMicros(350000)).toBe('0.35');
    expect(fromMicros(441500)).toBe('0.4415');
    expect(fromMicros(0)).toBe('0.00');
    expect(fromMicros(10000000)).toBe('10.00');
    expect(fromMicros(1000001)).toBe('1.000001');
    for (const micros of [1, 70000, 290000, 441500, 9999999]) expect(toMicros(fromMicros(micros))).toBe(micros);
  });

  it('formats for display in the language', () => {
    expect(formatRate(441500, 'en')).toBe('€0.4415');
    expect(formatRate(350000, 'en')).toBe('€0.35');
  });

  it('picks the period valid on the day', () => {
    const rates = [
      { ospId: '1', kind: 'BIKE' as const, rate: 270000, validFrom: '2025-01-01', validTo: '2025-12-31' },
      { ospId: '2', kind: 'BIKE' as const, rate: 350000, validFrom: '2026-01-01' },
      { ospId: '3', kind: 'WALK' as const, rate: 200000, validFrom: '2026-01-01' },
    ];
    expect(rateOn(rates, 'BIKE', '2025-12-31')?.rate).toBe(270000);
    expect(rateOn(rates, 'BIKE', '2026-11-27')?.rate).toBe(350000);
    expect(rateOn(rates, 'WALK', '2025-06-01')).toBeUndefined();
    expect(rateOn(rates, 'BUSINESS_PRIVATE_CAR', '2026-11-27')).toBeUndefined();
  });
});
