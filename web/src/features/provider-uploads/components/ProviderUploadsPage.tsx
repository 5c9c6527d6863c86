import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { RouteTabs } from '@/components/RouteTabs';
import { paths } from '@/lib/routes';
import { PAGE_TABS } from './uploadKinds';

/**
 * uploads (SPEC §2 admin backoffice, platform staff): one tab per kind of
 * provider file; each tab uploads, validates and processes a file and
 * lists the earlier uploads.
 */
export default function ProviderUploadsPage() {
  const { t } = useTranslation('providerUploads');
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={2}>{t('title')}</Title>
      <Text size="sm" c="dimmed">
        {t('intro.page')}
      </Text>
      <RouteTabs basePath={paths.providerUploads} keepSearch={false} tabs={PAGE_TABS.map((tab) => ({ path: tab.path, label: t(`kinds.${tab.label}`) }))} />
      <Outlet />
    </Stack>
  );
}
