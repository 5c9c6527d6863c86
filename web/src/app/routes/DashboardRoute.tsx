import { Box, Stack } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCorporateAccountListing } from '@/features/corporate-account/api/listAllCorporateAccounts';
import { CorporateAccountSelector } from '@/features/corporate-account/components/CorporateAccountSelector';
import { ActiveCompaniesTile } from '@/features/dashboard/components/ActiveCompaniesTile';
import { DashboardFilters } from '@/features/dashboard/components/DashboardFilters';
import { Welcome } from '@/features/dashboard/components/Welcome';
import { useDashboardFilters } from '@/features/dashboard/dashboardFilters';
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
import { hasRole, isMspUser, isOspAdmin } from '../guards/rules';
import { CORPORATE_ACCOUNTS_PATH } from '../layout/menu';
import { useSelectionUrlSync } from '../guards/useSelectionUrlSync';

/** Where a search hit opens: app users their detail, admins and contacts theirs (SPEC §2). */
export function userSearchTarget(result: UserSearchResult, withCompany: boolean): string {
  const company = withCompany ? result.corporateAccountOspId : null;
  if (result.type === 'contact') return namedRoutes.ContactUserView(result.ospId, company);
  if (result.type === 'admin') return namedRoutes.AdminUserViewDetails(result.ospId, company);
  return namedRoutes.AppUserDetailView(result.ospId, company);
}

/** Keeps the selection and the URL in step (a shared link switches the company). */
function SelectionUrlSync() {
  useSelectionUrlSync();
  return null;
}

/** The dashboard page: composes the dashboard, corporate-account and users features. */
export default function DashboardRoute() {
  const { data: user } = useCurrentUser();
  const { ospId, account, isLoading } = useSelectedCorporateAccount();
  const [searchParams, setSearchParams] = useSearchParams();
  const queryOspId = searchParams.get(CORPORATE_ACCOUNT_QUERY_PARAM);
  // The selection the URL is being changed to (undefined: none under way).
  // The router applies a URL change a moment after the store's, and the URL
  // sync must not see the two disagree in between: for an MSP user it would
  // take the URL's old company back.
  const [awaitedQuery, setAwaitedQuery] = useState<string | null | undefined>(undefined);
  const urlCaughtUp = awaitedQuery === undefined || awaitedQuery === queryOspId;
  // Caught up: stop waiting (React's "adjust state while rendering" pattern).
  if (awaitedQuery !== undefined && urlCaughtUp) setAwaitedQuery(undefined);

  const onSelect = (next: string | null) => {
    selectCorporateAccount(next);
    if (user?.isMsp) {
      setAwaitedQuery(next);
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

  // Changing the partner clears the company (SPEC §4): it was the old partner's.
  const { filters, setPartner, setCompanyType } = useDashboardFilters(
    user ?? { ospId: '', partner: null },
    () => onSelect(null),
  );

  const platformStaff = Boolean(user && isOspAdmin(user));
  // The MSP figures work on the whole company list of the filters (SPEC §9 listing).
  const listing = useCorporateAccountListing(
    {
      active: true,
      ...(platformStaff && filters.partnerOspId ? { partnerOspId: filters.partnerOspId } : {}),
      ...(platformStaff && filters.companyType ? { companyType: filters.companyType } : {}),
    },
    Boolean(user && isMspUser(user)),
  );

  if (!user) return null;
  const canSelect = canSelectCorporateAccount(user);

  // MSP users and platform admins work on the user's company from now on;
  // the query parameter makes the detail route's guard switch to it.
  const openUser = (result: UserSearchResult) => {
    if (canSelect && result.corporateAccountOspId) selectCorporateAccount(result.corporateAccountOspId);
  };

  return (
    <Stack gap="xl">
      {urlCaughtUp && <SelectionUrlSync />}
      <Welcome fullName={user.fullName} company={account} companyLoading={isLoading} canSelect={canSelect} />
      {canSelect && (
        // Non-MSP users are fixed to their own company: no filters for them.
        <Box id="corporate-account">
          <DashboardFilters
            filters={filters}
            platformStaff={platformStaff}
            ownPartner={user.partner ? { ospId: user.partner.ospId, name: user.partner.name } : null}
            onPartnerChange={setPartner}
            onCompanyTypeChange={setCompanyType}
          >
            <CorporateAccountSelector
              // A new partner starts a new search.
              key={filters.partnerOspId ?? ''}
              value={ospId && account ? { ospId, name: account.name } : null}
              onChange={onSelect}
              // MSP admins are limited to their partner by the server; only staff filter.
              partnerOspId={platformStaff ? filters.partnerOspId : null}
              companyType={platformStaff ? filters.companyType : null}
            />
          </DashboardFilters>
        </Box>
      )}
      {isMspUser(user) && (
        <ActiveCompaniesTile
          to={CORPORATE_ACCOUNTS_PATH}
          loading={listing.isPending}
          count={listing.data?.accounts.length ?? null}
          partial={Boolean(listing.data && !listing.data.complete)}
          failed={listing.isError || Boolean(listing.data && listing.data.pagesLoaded === 0)}
        />
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
