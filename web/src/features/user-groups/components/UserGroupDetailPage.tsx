import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useOutletContext, useParams } from 'react-router-dom';
import { ErrorState } from '@/components/ErrorState';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageLoader } from '@/components/PageLoader';
import { RouteTabs } from '@/components/RouteTabs';
import { ErrorLabel, isApiError } from '@/lib/api/errors';
import type { UserGroup } from '@/lib/api/types';
import { paths } from '@/lib/routes';
import { useUserGroup } from '../api/getUserGroup';

/** Tab order of SPEC §2. */
export const GROUP_TABS = ['members', 'products', 'details'] as const;

export function useDetailGroup(): UserGroup {
  return useOutletContext<{ group: UserGroup }>().group;
}

/** manage/user-groups/{userGroupOspId}/… */
export default function UserGroupDetailPage() {
  const { t } = useTranslation('userGroups');
  const { userGroupOspId = '' } = useParams();
  const location = useLocation();
  const query = useUserGroup(userGroupOspId);
  const basePath = location.pathname.replace(new RegExp(`(/${userGroupOspId})(/.*)?$`), '$1');

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.errorLabel === ErrorLabel.NOT_FOUND) return <NotFoundPage />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!GROUP_TABS.some((tab) => location.pathname.startsWith(`${basePath}/${tab}`))) {
    return <Navigate to={{ pathname: `${basePath}/${GROUP_TABS[0]}`, search: location.search }} replace />;
  }
  const group = query.data;

  return (
    <Stack gap="md">
      <Anchor component={Link} to={{ pathname: paths.userGroups, search: location.search }} size="sm">
        ← {t('title')}
      </Anchor>
      <Card withBorder padding="md">
        <Group gap="sm">
          <Title order={2} data-testid="group-name">
            {group.data.name}
          </Title>
          {group.data.isDefault && <Badge variant="light">{t('default')}</Badge>}
          <Badge color={group.data.active ? 'green' : 'gray'} variant="light">
            {group.data.active ? t('active') : t('inactive')}
          </Badge>
        </Group>
        {group.data.description && (
          <Text size="sm" c="dimmed" mt={4}>
            {group.data.description}
          </Text>
        )}
      </Card>
      <RouteTabs basePath={basePath} tabs={GROUP_TABS.map((tab) => ({ path: tab, label: t(`tabs.${tab}`) }))} />
      <Outlet context={{ group }} />
    </Stack>
  );
}
