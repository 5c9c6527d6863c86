import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/typed';
import { CORPORATE_ACCOUNT_QUERY_PARAM } from '../constants';
import { navigateTo } from '../navigation';
import { ApiError, ErrorLabel } from '../api/errors';
import type { SessionUser } from '../api/types';
import { sessionKeys } from './keys';
import { clearSelectedCorporateAccount, useSelectedCorporateAccountId } from './selection';
import { useCurrentUser } from './currentUser';

/** What the rest of the app needs to know about the company being worked on. */
export interface SelectedCorporateAccount {
  ospId: string;
  name: string;
  paymentType: string;
  companyType: string;
}

export function getCorporateAccount(ospId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/corporateAccount/get', {
    body: { ospId },
    signal,
  });
}

export const corporateAccountQueryOptions = (ospId: string) =>
  queryOptions({
    queryKey: sessionKeys.corporateAccount(ospId),
    queryFn: ({ signal }) => getCorporateAccount(ospId, signal),
  });

/** MSP users and platform admins choose a company; everybody else works on their own. */
export function canSelectCorporateAccount(user: SessionUser | undefined): boolean {
  return Boolean(user && (user.isMsp || user.isOspAdmin));
}

export function useSelectedCorporateAccount() {
  const { data: user } = useCurrentUser();
  const selectedId = useSelectedCorporateAccountId();
  const selecting = canSelectCorporateAccount(user);
  const ospId = selecting ? selectedId : (user?.corporateAccount?.ospId ?? null);

  const query = useQuery({
    ...corporateAccountQueryOptions(ospId ?? ''),
    enabled: Boolean(selecting && ospId),
  });

  // A remembered or linked company that is gone (or not this user's) is
  // forgotten, in the URL too, or the link would select it again.
  useEffect(() => {
    if (query.error instanceof ApiError && query.error.errorLabel === ErrorLabel.NOT_FOUND) {
      const url = new URL(window.location.href);
      if (url.searchParams.has(CORPORATE_ACCOUNT_QUERY_PARAM)) {
        url.searchParams.delete(CORPORATE_ACCOUNT_QUERY_PARAM);
        navigateTo(`${url.pathname}${url.search}`, { replace: true });
      }
      clearSelectedCorporateAccount();
    }
  }, [query.error]);

  let account: SelectedCorporateAccount | null = null;
  if (!selecting && user?.corporateAccount) {
    account = user.corporateAccount;
  } else if (selecting && query.data && ospId) {
    account = {
      ospId: query.data.ospId,
      name: query.data.name,
      paymentType: query.data.data.paymentType,
      companyType: query.data.companyType,
    };
  }

  return {
    ospId,
    account,
    isLoading: Boolean(selecting && ospId && query.isLoading),
    isError: query.isError,
  };
}
