import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatMonth, formatZonedDateTime, toApiDate } from './format';

describe('formatting', () => {
  it('shows an API month as MM/yyyy and leaves anything else as it is', () => {
    expect(formatMonth('202609')).toBe('09/2026');
    expect(formatMonth('2026')).toBe('2026');
    expect(formatMonth('')).toBe('');
  });

  it('formats integer cents as euros with two decimals', () => {
    expect(formatMoney(123456, 'en')).toBe('€1,234.56');
    expect(formatMoney(-5, 'en')).toBe('-€0.05');
    expect(formatMoney(100, 'nl').replace(/\s/g, ' ')).toMatch(/€ 1,00/);
    expect(() => formatMoney(1.5)).toThrow(TypeError);
  });

  it('shows API dates as dd/MM/yyyy and converts back', () => {
    expect(formatDate('2024-07-01')).toBe('01/07/2024');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(toApiDate('31/12/2024')).toBe('2024-12-31');
    expect(toApiDate('31/02/2024')).toBeNull();
  });

  it('shows a zoned time as the server wrote it, whatever the browser\'s zone', () => {
    expect(formatZonedDateTime('2026-03-29T03:00:00+02:00')).toBe('29/03/2026 03:00');
    expect(formatZonedDateTime('2026-01-01T00:00:00+01:00')).toBe('01/01/2026 00:00');
    expect(formatZonedDateTime('yesterday')).toBe('');
    expect(formatZonedDateTime(null)).toBe('');
  });
});
