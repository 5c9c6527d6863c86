import { describe, expect, it } from 'vitest';
import { brandShades, contrastWithWhite, pickBrandColor, readableColor, readableShade } from './theme';

describe('readableShade', () => {
  it('keeps a dark brand colour as it is', () => {
    expect(readableShade(brandShades('#1A3C6E'))).toBe(6);
  });

  it('darkens a light brand colour until white text on it reads (4.5:1)', () => {
    const shades = brandShades('#0F89EA'); // the default: 3.6:1 on white
    expect(contrastWithWhite(shades[6])).toBeLessThan(4.5);
    const shade = readableShade(shades);
    expect(shade).toBe(7);
    expect(contrastWithWhite(shades[shade])).toBeGreaterThanOrEqual(4.5);
  });
});

describe('readableColor', () => {
  it('darkens past shade 9 when a palette is too light (Mantine green)', () => {
    const green = ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#37b24d', '#2f9e44', '#2b8a3e'];
    expect(contrastWithWhite(green[9]!)).toBeLessThan(5);
    expect(contrastWithWhite(readableColor(green, 5))).toBeGreaterThanOrEqual(5);
  });
});

describe('pickBrandColor', () => {
  it('themes with the brand colour, uppercased and without alpha', () => {
    expect(pickBrandColor({ brandColor: '#2b8a3ecc', primaryColor: '#0F89EA' })).toBe('#2B8A3E');
  });

  it('falls back to the primary colour, then the default', () => {
    expect(pickBrandColor({ brandColor: '', primaryColor: '#112233' })).toBe('#112233');
    expect(pickBrandColor({ brandColor: 'nope' })).toBe('#0F89EA');
    expect(pickBrandColor(undefined)).toBe('#0F89EA');
  });
});
