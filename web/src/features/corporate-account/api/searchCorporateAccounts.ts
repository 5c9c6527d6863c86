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

export const corporateAccountSearchQueryOptions = (term: string) =>
  queryOptions({
    queryKey: ['corporateAccount', 'search', term],
    queryFn: ({ signal }) =>
      getCorporateAccountsByFilter(
        {
          nameOrExtIdLike: term,
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
export function useCorporateAccountSearch(term: string) {
  const trimmed = term.trim();
  return useQuery({
    ...corporateAccountSearchQueryOptions(trimmed),
    enabled: trimmed.length >= SEARCH_MIN_CHARS,
    // Keep the previous options visible while the next search runs.
    placeholderData: keepPreviousData,
  });
}
