import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSelect } from '@/components/LanguageSelect';
import { BrandLogo } from '@/features/branding/components/BrandLogo';
import { useBranding } from '@/features/branding/api/getBranding';
import type { SessionUser } from '@/lib/api/types';
import { paths } from '@/lib/routes';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { UserMenu } from './UserMenu';

export function Header({ user }: { user: SessionUser }) {
  const { t } = useTranslation('layout');
  const { ospId, account, isLoading } = useSelectedCorporateAccount();
  const branding = useBranding(ospId, true);

  return (
    <Group h={60} px="md" justify="space-between" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group gap="md" wrap="nowrap">
        <Text component={Link} to={paths.dashboard} fw={700} c="brand.7" td="none">
          {t('productName')}
        </Text>
        <BrandLogo corporateAccountOspId={ospId} hasLogo={Boolean(branding.data?.hasLogo)} version={branding.data?.logoVersion} />
        <Text c="dimmed" data-testid="header-company">
          {isLoading ? t('companyLoading') : (account?.name ?? (user.isMsp ? t('noCompanySelected') : ''))}
        </Text>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <LanguageSelect size="xs" />
        <UserMenu user={user} />
      </Group>
    </Group>
  );
}
