import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { hasRole } from '@/app/guards/rules';
import { RouteTabs } from '@/components/RouteTabs';
import { paths } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session/currentUser';

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
  const { data: user } = useCurrentUser();
  const base = paths.companyProducts;
  const onTab = COMPANY_PRODUCT_TABS.some((tab) => location.pathname.startsWith(`${base}/${tab}`));
  if (!onTab) return <Navigate to={{ pathname: `${base}/${COMPANY_PRODUCT_TABS[0]}`, search: location.search }} replace />;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('title')}</Title>
        {/* SPEC §2 upload-nmbs-invoice sits under company/products: its own page, for invoice managers */}
        {user && hasRole(user, ['invoice_manager']) && (
          <Anchor component={Link} to={paths.nmbsInvoices} size="sm" data-testid="upload-nmbs-invoice-link">
            {t('uploadNmbsInvoice')}
          </Anchor>
        )}
      </Group>
      <RouteTabs basePath={base} tabs={COMPANY_PRODUCT_TABS.map((tab) => ({ path: tab, label: t(`tabs.${tab}`) }))} />
      <Outlet />
    </Stack>
  );
}
