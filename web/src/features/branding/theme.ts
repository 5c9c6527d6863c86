import type { MantineColorsTuple } from '@mantine/core';
import { DEFAULT_BRAND_COLOR } from '@/lib/constants';

const HEX = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i;

/** The colour to theme with: primary, else the brand colour, else the default. */
export function pickBrandColor(branding: { primaryColor?: string; brandColor?: string } | undefined): string {
  for (const candidate of [branding?.primaryColor, branding?.brandColor]) {
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
