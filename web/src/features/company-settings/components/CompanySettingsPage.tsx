import { Button, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { RouteTabs } from '@/components/RouteTabs';
import { paths } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session/currentUser';
import { settingsTabsFor } from './access';

/**
 * company/settings: a tab per route. SPEC §2 lists details, budgets,
 * mobile-app (MSP only), available-products (MSP only) and branding
 * (platform admin); provider-payments (platform admin: the providers the
 * company pays directly, issue 15); a tab this user may not see is not listed and its
 * route shows the 404 page.
 */
export const SETTINGS_TABS = ['details', 'budgets', 'mobile-app', 'available-products', 'branding', 'provider-payments'] as const;

export default function CompanySettingsPage() {
  const { t } = useTranslation('companySettings');
  const location = useLocation();
  const { data: user } = useCurrentUser();
  const tabs = settingsTabsFor(user);
  const base = paths.companySettings;
  const onTab = SETTINGS_TABS.some((tab) => location.pathname.startsWith(`${base}/${tab}`));
  if (!onTab) return <Navigate to={{ pathname: `${base}/${tabs[0]}`, search: location.search }} replace />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        <Button component={Link} to={{ pathname: paths.companyDeactivation, search: location.search }} variant="default" data-testid="open-deactivation">
          {t('deactivationLink')}
        </Button>
      </Group>
      <RouteTabs basePath={base} tabs={tabs.map((tab) => ({ path: tab, label: t(`tabs.${tab}`) }))} />
      <Outlet />
    </Stack>
  );
}
