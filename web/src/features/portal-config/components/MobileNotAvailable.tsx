import { Anchor, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_APP_STORE_URL, DEFAULT_PLAY_STORE_URL } from '@/lib/constants';
import { usePortalConfig } from '../api/getPortalConfig';

/** Shown instead of the portal on narrow screens: use the app there. */
export function MobileNotAvailable() {
  const { t } = useTranslation('layout');
  const { data } = usePortalConfig();
  return (
    <Center mih="100vh" p="lg" data-testid="mobile-not-available">
      <Stack align="center" gap="md" maw={420}>
        <Title order={2} ta="center">
          {t('mobile.title')}
        </Title>
        <Text ta="center">{t('mobile.description')}</Text>
        <Group gap="lg">
          <Anchor href={data?.appStoreUrl || DEFAULT_APP_STORE_URL} target="_blank" rel="noopener noreferrer">
            {t('mobile.appStore')}
          </Anchor>
          <Anchor href={data?.playStoreUrl || DEFAULT_PLAY_STORE_URL} target="_blank" rel="noopener noreferrer">
            {t('mobile.playStore')}
          </Anchor>
        </Group>
      </Stack>
    </Center>
  );
}
