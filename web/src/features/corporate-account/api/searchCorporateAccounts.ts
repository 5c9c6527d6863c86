import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Body } from '@/lib/api/typed';
import { CORPORATE_ACCOUNT_SEARCH_SIZE, SEARCH_MIN_CHARS } from '@/lib/constants';

export function getCorporateAccountsByFilter(
  filter: Body<'/portal-service/v1/corporateAccount/getByFilter'>,
  signal?: AbortSignal,
) {
  return api.post('/portal-service/v1/corporateAccount/getByFilter', {
    body: filter,
    signal,
  });
}

/** What narrows the search besides the text (the dashboard's platform-staff filters). */
export interface CorporateAccountSearchScope {
  partnerOspId?: string | null;
  companyType?: string | null;
}

export const corporateAccountSearchQueryOptions = (term: string, scope: CorporateAccountSearchScope = {}) =>
  queryOptions({
    queryKey: ['corporateAccount', 'search', term, scope.partnerOspId ?? null, scope.companyType ?? null],
    queryFn: ({ signal }) =>
      getCorporateAccountsByFilter(
        {
          nameOrExtIdLike: term,
          ...(scope.partnerOspId ? { partnerOspId: scope.partnerOspId } : {}),
          ...(scope.companyType ? { companyType: scope.companyType } : {}),
          pagination: {
            page: 1,
            size: CORPORATE_ACCOUNT_SEARCH_SIZE,
            sortOrders: [{ property: 'name', direction: 'ASC' }],
          },
        },
        signal,
      ),
  });

/** Searches only from the minimum length on; callers pass the debounced term. */
export function useCorporateAccountSearch(term: string, scope: CorporateAccountSearchScope = {}) {
  const trimmed = term.trim();
  return useQuery({
    ...corporateAccountSearchQueryOptions(trimmed, scope),
    enabled: trimmed.length >= SEARCH_MIN_CHARS,
    // Keep the previous options visible while the next search runs.
    placeholderData: keepPreviousData,
  });
}
