import { Box, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { CorporateAccountSelector } from '@/features/corporate-account/components/CorporateAccountSelector';
import { Welcome } from '@/features/dashboard/components/Welcome';
import { UserSearch } from '@/features/users/components/search/UserSearch';
import type { UserSearchResult } from '@/lib/api/types';
import { CORPORATE_ACCOUNT_QUERY_PARAM } from '@/lib/constants';
import { namedRoutes } from '@/lib/routes';
import { useCurrentUser } from '@/lib/session/currentUser';
import {
  canSelectCorporateAccount,
  useSelectedCorporateAccount,
} from '@/lib/session/selectedCorporateAccount';
import { selectCorporateAccount } from '@/lib/session/selection';
import { hasRole } from '../guards/rules';
import { useSelectionUrlSync } from '../guards/useSelectionUrlSync';

/** Where a search hit opens: app users their detail, admins and contacts theirs (SPEC §2). */
export function userSearchTarget(result: UserSearchResult, withCompany: boolean): string {
  const company = withCompany ? result.corporateAccountOspId : null;
  if (result.type === 'contact') return namedRoutes.ContactUserView(result.ospId, company);
  if (result.type === 'admin') return namedRoutes.AdminUserViewDetails(result.ospId, company);
  return namedRoutes.AppUserDetailView(result.ospId, company);
}

/** The dashboard page: composes the dashboard, corporate-account and users features. */
export default function DashboardRoute() {
  const { data: user } = useCurrentUser();
  const { ospId, account, isLoading } = useSelectedCorporateAccount();
  const [, setSearchParams] = useSearchParams();
  useSelectionUrlSync();

  if (!user) return null;
  const canSelect = canSelectCorporateAccount(user);

  const onSelect = (next: string | null) => {
    // Store and URL change together, so the URL sync sees them agree.
    selectCorporateAccount(next);
    if (user.isMsp) {
      setSearchParams(
        (params) => {
          if (next) params.set(CORPORATE_ACCOUNT_QUERY_PARAM, next);
          else params.delete(CORPORATE_ACCOUNT_QUERY_PARAM);
          return params;
        },
        { replace: true },
      );
    }
  };

  // MSP users and platform admins work on the user's company from now on;
  // the query parameter makes the detail route's guard switch to it.
  const openUser = (result: UserSearchResult) => {
    if (canSelect && result.corporateAccountOspId) selectCorporateAccount(result.corporateAccountOspId);
  };

  return (
    <Stack gap="xl">
      <Welcome fullName={user.fullName} company={account} companyLoading={isLoading} canSelect={canSelect} />
      {canSelect && (
        <Box id="corporate-account">
          <CorporateAccountSelector
            value={ospId && account ? { ospId, name: account.name } : null}
            onChange={onSelect}
          />
        </Box>
      )}
      {hasRole(user, ['user_manager']) && (
        <UserSearch
          viewer={user}
          // MSP users search across their companies; company users within their own.
          corporateAccountOspId={canSelect ? null : (user.corporateAccount?.ospId ?? null)}
          resultHref={(result) => userSearchTarget(result, user.isMsp)}
          onOpen={openUser}
        />
      )}
    </Stack>
  );
}
