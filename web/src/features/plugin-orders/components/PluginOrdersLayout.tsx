import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { RouteTabs } from '@/components/RouteTabs';
import { paths } from '@/lib/routes';

/**
 * Backoffice orders (SPEC §2) as this branch knows it: the plugin tabs
 * only. The orders page of features/orders lists all four tabs (general,
 * plugin-service, handled, handled-plugins) and replaces this layout when
 * the branches meet; the two child routes stay.
 */
export default function PluginOrdersLayout() {
  const { t } = useTranslation('pluginOrders');
  return (
    <Stack gap="lg">
      <Title order={2}>{t('title')}</Title>
      <RouteTabs
        basePath={paths.orders}
        keepSearch={false}
        tabs={[
          { path: 'plugin-service', label: t('tabs.pluginService') },
          { path: 'handled-plugins', label: t('tabs.handledPlugins') },
        ]}
      />
      <Outlet />
    </Stack>
  );
}
