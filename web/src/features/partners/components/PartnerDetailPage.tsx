import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useOutletContext, useParams } from 'react-router-dom';
import { ErrorState } from '@/components/ErrorState';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageLoader } from '@/components/PageLoader';
import { RouteTabs } from '@/components/RouteTabs';
import { ErrorLabel, isApiError } from '@/lib/api/errors';
import { paths } from '@/lib/routes';
import { usePartner } from '../api/getPartner';
import type { Partner } from '../api/types';
import { usePlatformStaff } from './usePlatformStaff';

/** Tab order of SPEC §2. */
export const PARTNER_TABS = ['details', 'products', 'resources', 'budgets', 'branding', 'linked-partners'] as const;
/** A partner's own admin (MSP) reads what the partner lets its companies offer; platform staff see every tab. */
export const OWN_PARTNER_TABS = ['products', 'resources'] as const;

export function useDetailPartner(): Partner {
  return useOutletContext<{ partner: Partner }>().partner;
}

/** partners/{partnerOspId}/… */
export default function PartnerDetailPage() {
  const { t } = useTranslation('partners');
  const { partnerOspId = '' } = useParams();
  const location = useLocation();
  const query = usePartner(partnerOspId);
  const staff = usePlatformStaff();
  const tabs: readonly string[] = staff ? PARTNER_TABS : OWN_PARTNER_TABS;
  const basePath = location.pathname.replace(new RegExp(`(/${partnerOspId})(/.*)?$`), '$1');

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.errorLabel === ErrorLabel.NOT_FOUND) return <NotFoundPage />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!tabs.some((tab) => location.pathname.startsWith(`${basePath}/${tab}`))) {
    return <Navigate to={{ pathname: `${basePath}/${tabs[0]}`, search: location.search }} replace />;
  }
  const partner = query.data;

  return (
    <Stack gap="md">
      {staff && (
        <Anchor component={Link} to={paths.partners} size="sm">
          ← {t('title')}
        </Anchor>
      )}
      <Card withBorder padding="md">
        <Group gap="sm">
          <Title order={2} data-testid="partner-name">
            {partner.name}
          </Title>
          <Badge variant="light">{t(`types.${partner.partnerType}`, { defaultValue: partner.partnerType })}</Badge>
          <Badge color={partner.active ? 'green' : 'gray'} variant="light" data-testid="partner-status">
            {partner.active ? t('active') : t('inactive')}
          </Badge>
        </Group>
        {partner.extId && (
          <Text size="sm" c="dimmed" mt={4}>
            {t('fields.extId')}: {partner.extId}
          </Text>
        )}
      </Card>
      <RouteTabs basePath={basePath} tabs={tabs.map((tab) => ({ path: tab, label: t(`tabs.${tab}`) }))} />
      <Outlet context={{ partner }} />
    </Stack>
  );
}
