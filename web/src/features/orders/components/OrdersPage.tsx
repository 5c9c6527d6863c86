import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { RouteTabs } from '@/components/RouteTabs';
import { paths } from '@/lib/routes';

/** The backoffice orders page's tabs in SPEC order; the plugin tabs are features/plugin-orders'. */
export const ORDERS_TABS = ['general', 'plugin-service', 'handled', 'handled-plugins'] as const;

/**
 * Backoffice orders (SPEC §2, platform staff): season-card orders of every
 * company (general: open; handled: confirmed and cancelled) and the plugin
 * orders, one tab each.
 */
export default function OrdersPage() {
  const { t } = useTranslation('orders');
  return (
    <Stack gap="lg">
      <Title order={1}>{t('title')}</Title>
      <Text size="sm" c="dimmed">
        {t('intro.backoffice')}
      </Text>
      <RouteTabs basePath={paths.orders} keepSearch={false} tabs={ORDERS_TABS.map((tab) => ({ path: tab, label: t(`tabs.${tab}`) }))} />
      <Outlet />
    </Stack>
  );
}
