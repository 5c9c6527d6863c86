import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Body } from '@/lib/api/typed';
import { companyKeys } from './keys';

export type CorporateAccountFilter = Body<'/portal-service/v1/corporateAccount/getByFilter'>;

export function findCorporateAccounts(filter: CorporateAccountFilter, signal?: AbortSignal) {
  return api.post('/portal-service/v1/corporateAccount/getByFilter', { body: filter, signal });
}

export const findCorporateAccountsQueryOptions = (filter: CorporateAccountFilter) =>
  queryOptions({
    queryKey: companyKeys.list(filter),
    queryFn: ({ signal }) => findCorporateAccounts(filter, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** corporateAccount/getByFilter: paged, sorted and filtered on the server. */
export function useFindCorporateAccounts(filter: CorporateAccountFilter) {
  return useQuery(findCorporateAccountsQueryOptions(filter));
}
