import { describe, expect, it } from 'vitest';
import { fromMicroEuros, kmToMetres, metresToKm, toMicroEuros } from './units';

describe('units', () => {
  it('turns euros per km into micro-euros exactly', () => {
    expect(toMicroEuros('0.35')).toBe(350000);
    expect(toMicroEuros('0.4415')).toBe(441500);
    expect(toMicroEuros('0.29')).toBe(290000); // 0.29 * 1e6 is 289999.99999999994 as a float
    expect(toMicroEuros('10')).toBe(10000000);
    expect(toMicroEuros('0.1234567')).toBeNull();
    expect(toMicroEuros('')).toBeNull();
    expect(toMicroEuros('1,5')).toBeNull();
  });

  it('shows micro-euros as euros with at least two decimals', () => {
    expect(fromMicroEuros(350000)).toBe('0.35');
    expect(fromMicroEuros(441500)).toBe('0.4415');
    expect(fromMicroEuros(2000000)).toBe('2.00');
    expect(fromMicroEuros(0)).toBe('0.00');
    expect(fromMicroEuros(null)).toBe('');
  });

  it('turns kilometres into metres and back', () => {
    expect(kmToMetres('12.5')).toBe(12500);
    expect(kmToMetres('0.001')).toBe(1);
    expect(kmToMetres('1.0001')).toBeNull();
    expect(metresToKm(12500)).toBe('12.5');
    expect(metresToKm(7)).toBe('0.007');
    expect(metresToKm(20000)).toBe('20');
  });
});
