import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { RouteTabs } from '@/components/RouteTabs';
import { paths } from '@/lib/routes';

export const ORDER_HANDLING_TABS = ['season-card-orders', 'handled-season-card-orders'] as const;

/**
 * Order handling of the selected company (SPEC §2): its open season-card
 * orders, to process or cancel, and the handled ones.
 */
export default function OrderHandlingPage() {
  const { t } = useTranslation('orders');
  return (
    <Stack gap="lg">
      <Title order={1}>{t('handlingTitle')}</Title>
      <Text size="sm" c="dimmed">
        {t('intro.company')}
      </Text>
      <RouteTabs basePath={paths.orderHandling} tabs={ORDER_HANDLING_TABS.map((tab) => ({ path: tab, label: t(`tabs.${tab}`) }))} />
      <Outlet />
    </Stack>
  );
}
