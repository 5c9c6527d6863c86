import { createTheme, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '@/features/branding/api/getBranding';
import { brandShades, pickBrandColor, readableColor, readableShade } from '@/features/branding/theme';
import { useIsSignedIn } from '@/lib/auth/tokens';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';

/**
 * Mantine draws with shade 6 of a colour, which on white is often below WCAG
 * AA (red 3.3:1, green 2.5:1, its dimmed gray 3.3:1). Every colour's filled
 * background, its text and its light-variant text take the first shade that
 * reads instead (darker still for text, which may sit on a tint or a hovered
 * row); dimmed text is gray 7 and placeholders a readable gray.
 */
const cssVariables: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': '#6c757d',
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    const filled = readableColor(shades);
    // Text sits on white, a hovered row (gray 1) or its own light tint (shade 1).
    const text = readableColor(shades, 5.5);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = readableColor(shades, 6);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-light-color`] = text;
    light[`--mantine-color-${name}-outline`] = text;
  }
  light['--mantine-color-anchor'] = readableColor(theme.colors[theme.primaryColor] ?? [], 5.5);
  return { variables: {}, light, dark: {} };
};

/** Mantine themed with the branding's primary colour of the company being worked on. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const { ospId } = useSelectedCorporateAccount();
  const branding = useBranding(ospId, signedIn);
  const color = pickBrandColor(signedIn ? branding.data : undefined);
  const closeLabel = t('close');
  const clearLabel = t('clear');

  const theme = useMemo(() => {
    const shades = brandShades(color);
    // Icon-only buttons Mantine draws itself (a notification's or a dialog's
    // close button, a field's clear button) get a name screen readers can say.
    const clearable = { defaultProps: { clearButtonProps: { 'aria-label': clearLabel } } };
    return createTheme({
      primaryColor: 'brand',
      primaryShade: readableShade(shades),
      colors: { brand: shades },
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      defaultRadius: 'md',
      components: {
        CloseButton: { defaultProps: { 'aria-label': closeLabel } },
        // Links are underlined, not told apart by colour alone: a partner's
        // brand colour may sit too close to the text colour (WCAG 1.4.1).
        Anchor: { defaultProps: { underline: 'always' } },
        Select: clearable,
        MultiSelect: clearable,
        DateInput: clearable,
      },
    });
  }, [color, closeLabel, clearLabel]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables}>
      {children}
    </MantineProvider>
  );
}
