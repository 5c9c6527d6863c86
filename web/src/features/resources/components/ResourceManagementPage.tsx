import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { RouteTabs } from '@/components/RouteTabs';
import { namedRoutes, paths, RESOURCE_TABS } from '@/lib/routes';

/**
 * Resource management (SPEC §2, platform staff): the nine tabs as routes,
 * each a list with its {tab}/{createOrEdit} route below it.
 */
export default function ResourceManagementPage() {
  const { t } = useTranslation('resources');
  const location = useLocation();
  const inTab = RESOURCE_TABS.some(({ tab }) => location.pathname.startsWith(namedRoutes.ResourceTab(tab)));
  if (!inTab) return <Navigate to={namedRoutes.ResourceTab(RESOURCE_TABS[0].tab)} replace />;
  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <RouteTabs
        basePath={paths.resources}
        keepSearch={false}
        tabs={RESOURCE_TABS.map(({ tab }) => ({ path: tab, label: t(`tabs.${tab}`) }))}
      />
      <Outlet />
    </Stack>
  );
}
