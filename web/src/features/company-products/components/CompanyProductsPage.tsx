import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { RouteTabs } from '@/components/RouteTabs';
import { paths } from '@/lib/routes';

/**
 * company/products: a tab per route, as SPEC §2 lists them: list,
 * homework-registration, trip-registration and nmbs-subscription. The two
 * trip tabs edit the company's trip configuration (travel/compensation,
 * SPEC §3); the NMBS tab its season-card settings (features/plugin-orders).
 */
export const COMPANY_PRODUCT_TABS = ['list', 'homework-registration', 'trip-registration', 'nmbs-subscription'] as const;

export default function CompanyProductsPage() {
  const { t } = useTranslation('companyProducts');
  const location = useLocation();
  const base = paths.companyProducts;
  const onTab = COMPANY_PRODUCT_TABS.some((tab) => location.pathname.startsWith(`${base}/${tab}`));
  if (!onTab) return <Navigate to={{ pathname: `${base}/${COMPANY_PRODUCT_TABS[0]}`, search: location.search }} replace />;
  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <RouteTabs basePath={base} tabs={COMPANY_PRODUCT_TABS.map((tab) => ({ path: tab, label: t(`tabs.${tab}`) }))} />
      <Outlet />
    </Stack>
  );
}
