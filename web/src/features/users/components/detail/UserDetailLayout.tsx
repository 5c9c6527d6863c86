import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { ErrorState } from '@/components/ErrorState';
import { NotFoundPage } from '@/components/NotFoundPage';
import { PageLoader } from '@/components/PageLoader';
import { RouteTabs } from '@/components/RouteTabs';
import { isApiError, ErrorLabel } from '@/lib/api/errors';
import { useCurrentUser } from '@/lib/session/currentUser';
import { useUser } from '../../api/getUser';
import { UserHeader } from './UserHeader';
import { visibleTabs, type UserTab } from './tabs';
import type { UserDetailContext } from './userContext';

interface Props {
  tabs: UserTab[];
  backTo: string;
  backLabel: string;
}

/** Header and tabs of one user; the open tab is the child route. */
export function UserDetailLayout({ tabs, backTo, backLabel }: Props) {
  const { t } = useTranslation('users');
  const { userOspId = '' } = useParams();
  const location = useLocation();
  const { data: viewer } = useCurrentUser();
  const query = useUser(userOspId);

  if (query.isPending || !viewer) return <PageLoader />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.errorLabel === ErrorLabel.NOT_FOUND) return <NotFoundPage />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const user = query.data;
  const shown = visibleTabs(tabs, user, viewer);
  const basePath = location.pathname.replace(new RegExp(`(/${userOspId})(/.*)?$`), '$1');
  const onTab = shown.some((tab) => location.pathname.startsWith(`${basePath}/${tab.path}`));

  // manage/app-users/{id} (or a tab this user does not have) opens the first tab.
  if (!onTab && shown[0]) {
    return <Navigate to={{ pathname: `${basePath}/${shown[0].path}`, search: location.search }} replace />;
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to={{ pathname: backTo, search: location.search }} size="sm">
        ← {backLabel}
      </Anchor>
      <UserHeader user={user} viewer={viewer} />
      <RouteTabs basePath={basePath} tabs={shown.map((tab) => ({ path: tab.path, label: t(`tabs.${tab.path}`) }))} />
      <Outlet context={{ user } satisfies UserDetailContext} />
    </Stack>
  );
}
