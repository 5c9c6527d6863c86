import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { RouteTabs } from '@/components/RouteTabs';
import { paths } from '@/lib/routes';

/**
 * company/settings: a tab per route. SPEC §2 lists details, budgets,
 * mobile-app, available-products and branding; each is added here (and as
 * a child route) when it is built.
 */
export const SETTINGS_TABS = ['budgets'] as const;

export default function CompanySettingsPage() {
  const { t } = useTranslation('companySettings');
  const location = useLocation();
  const base = paths.companySettings;
  const onTab = SETTINGS_TABS.some((tab) => location.pathname.startsWith(`${base}/${tab}`));
  if (!onTab) return <Navigate to={{ pathname: `${base}/${SETTINGS_TABS[0]}`, search: location.search }} replace />;
  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <RouteTabs basePath={base} tabs={SETTINGS_TABS.map((tab) => ({ path: tab, label: t(`tabs.${tab}`) }))} />
      <Outlet />
    </Stack>
  );
}
