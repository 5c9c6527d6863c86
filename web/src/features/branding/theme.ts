import type { MantineColorsTuple } from '@mantine/core';
import { DEFAULT_BRAND_COLOR } from '@/lib/constants';

const HEX = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i;

/**
 * The colour to theme with: the brand colour (SPEC §3, §9: what a partner or
 * company sets first, default #0F89EA), else the primary colour, else the
 * default. The server answers every colour resolved (an unset primary comes
 * from the platform default), so the brand colour goes first: a partner that
 * changes only its brand colour sees it applied.
 */
export function pickBrandColor(branding: { primaryColor?: string; brandColor?: string } | undefined): string {
  for (const candidate of [branding?.brandColor, branding?.primaryColor]) {
    if (candidate && HEX.test(candidate)) return candidate.slice(0, 7).toUpperCase();
  }
  return DEFAULT_BRAND_COLOR;
}

function mix(hex: string, target: number, weight: number): string {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `#${channels
    .map((c) => Math.round(c + (target - c) * weight).toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * Mantine wants ten shades per colour. Shade 6 (Mantine's default primary
 * shade) is the brand colour itself; lighter ones mix in white, darker black.
 */
export function brandShades(color: string): MantineColorsTuple {
  const base = HEX.test(color) ? color.slice(0, 7) : DEFAULT_BRAND_COLOR;
  return [
    mix(base, 255, 0.9),
    mix(base, 255, 0.75),
    mix(base, 255, 0.6),
    mix(base, 255, 0.45),
    mix(base, 255, 0.3),
    mix(base, 255, 0.15),
    base.toLowerCase(),
    mix(base, 0, 0.15),
    mix(base, 0, 0.3),
    mix(base, 0, 0.45),
  ];
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of a colour against white. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/**
 * The shade of a colour to draw with: shade 6 (Mantine's default) when white
 * text on it, or it as text on white, is readable (WCAG AA, 4.5:1), else the
 * first darker shade that is. `minimum` is higher for text on a tinted
 * background (a light badge), which is a little darker than white.
 */
export function readableShade(shades: MantineColorsTuple | readonly string[], minimum = 4.5): 6 | 7 | 8 | 9 {
  for (const shade of [6, 7, 8] as const) {
    const hex = shades[shade];
    if (hex && HEX.test(hex) && contrastWithWhite(hex) >= minimum) return shade;
  }
  return 9;
}

/**
 * A colour of this palette that reads against white at `minimum`: the first
 * of shades 6 to 9 that does, else shade 9 darkened until it does (green,
 * orange and yellow are too light even at 9).
 */
export function readableColor(shades: MantineColorsTuple | readonly string[], minimum = 4.5): string {
  for (const shade of [6, 7, 8, 9]) {
    const hex = shades[shade];
    if (hex && HEX.test(hex) && contrastWithWhite(hex) >= minimum) return hex.slice(0, 7).toLowerCase();
  }
  const darkest = shades[9] && HEX.test(shades[9]) ? shades[9].slice(0, 7) : '#000000';
  for (let weight = 0.1; weight < 1; weight += 0.1) {
    const darker = mix(darkest, 0, weight);
    if (contrastWithWhite(darker) >= minimum) return darker;
  }
  return '#000000';
}
