import { Anchor, Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_BANNER_BACKGROUND_COLOR, DEFAULT_BANNER_TEXT_COLOR } from '@/lib/constants';
import { usePortalConfig } from '../api/getPortalConfig';

/**
 * On the old host: "this portal is outdated", linking to the new one. Text
 * and colours come from the deployment's config (white on red by default);
 * without a configured text the translated default is shown.
 */
export function LegacyBanner() {
  const { t } = useTranslation('layout');
  const { data } = usePortalConfig();
  const banner = data?.legacyBanner;
  if (!banner?.enabled) return null;

  const text = banner.text || t('banner.defaultText');
  const color = banner.textColor || DEFAULT_BANNER_TEXT_COLOR;
  return (
    <Box
      role="region"
      aria-label={text}
      data-testid="legacy-banner"
      px="md"
      py={6}
      style={{ background: banner.backgroundColor || DEFAULT_BANNER_BACKGROUND_COLOR, color }}
    >
      <Group justify="center" gap="sm">
        <Text size="sm" c="inherit">
          {text}
        </Text>
        {banner.url && (
          <Anchor href={banner.url} size="sm" c="inherit" underline="always" fw={600}>
            {t('banner.link')}
          </Anchor>
        )}
      </Group>
    </Box>
  );
}
