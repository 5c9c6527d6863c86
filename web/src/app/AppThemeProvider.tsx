import { createTheme, MantineProvider } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useBranding } from '@/features/branding/api/getBranding';
import { brandShades, pickBrandColor } from '@/features/branding/theme';
import { useIsSignedIn } from '@/lib/auth/tokens';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';

/** Mantine themed with the branding's primary colour of the company being worked on. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const { ospId } = useSelectedCorporateAccount();
  const branding = useBranding(ospId, signedIn);
  const color = pickBrandColor(signedIn ? branding.data : undefined);

  const theme = useMemo(
    () =>
      createTheme({
        primaryColor: 'brand',
        primaryShade: 6,
        colors: { brand: brandShades(color) },
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
        defaultRadius: 'md',
      }),
    [color],
  );

  return <MantineProvider theme={theme}>{children}</MantineProvider>;
}
