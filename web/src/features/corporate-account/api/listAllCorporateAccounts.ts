import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CorporateAccount, CorporateAccountFilter, CorporateAccountPage } from '@/lib/api/types';
import { COMPANY_LISTING_MAX_PAGES, COMPANY_LISTING_PAGE_SIZE } from '@/lib/constants';
import { getCorporateAccountsByFilter } from './searchCorporateAccounts';

/** One page of the listing: page numbers start at 1, as the API's do. */
export type FetchCompanyPage = (page: number, size: number) => Promise<Pick<CorporateAccountPage, 'content' | 'totalPages'>>;

export interface CompanyListing {
  accounts: CorporateAccount[];
  /** Pages that answered. */
  pagesLoaded: number;
  /** Every company there is was loaded (no failed page, and the page limit not reached). */
  complete: boolean;
  /** The page limit cut the listing short. */
  truncated: boolean;
  /** The error of the page that failed; the listing stopped there. */
  error: unknown;
}

export interface ListingLimits {
  pageSize?: number;
  maxPages?: number;
}

/**
 * The whole company list (SPEC §9, §8): pages of 1000, at most 20 pages.
 * A page that fails stops the listing, and what was loaded before it is
 * returned rather than thrown away; the caller shows it and says it is
 * incomplete.
 */
export async function listAllCorporateAccounts(
  fetchPage: FetchCompanyPage,
  { pageSize = COMPANY_LISTING_PAGE_SIZE, maxPages = COMPANY_LISTING_MAX_PAGES }: ListingLimits = {},
): Promise<CompanyListing> {
  const accounts: CorporateAccount[] = [];
  let pagesLoaded = 0;
  for (let page = 1; page <= maxPages; page++) {
    let result: Awaited<ReturnType<FetchCompanyPage>>;
    try {
      result = await fetchPage(page, pageSize);
    } catch (error) {
      return { accounts, pagesLoaded, complete: false, truncated: false, error };
    }
    pagesLoaded = page;
    accounts.push(...result.content);
    // The last page: fewer rows than asked, or the server says there is no more.
    if (result.content.length < pageSize || page >= result.totalPages) {
      return { accounts, pagesLoaded, complete: true, truncated: false, error: null };
    }
  }
  return { accounts, pagesLoaded, complete: false, truncated: true, error: null };
}

export type CompanyListingFilter = Omit<CorporateAccountFilter, 'pagination' | 'nameOrExtIdLike'>;

/** The listing through corporateAccount/getByFilter, sorted by name. */
export async function listCorporateAccounts(filter: CompanyListingFilter, signal?: AbortSignal): Promise<CompanyListing> {
  const listing = await listAllCorporateAccounts((page, size) =>
    getCorporateAccountsByFilter(
      { ...filter, pagination: { page, size, sortOrders: [{ property: 'name', direction: 'ASC' }] } },
      signal,
    ),
  );
  // A cancelled listing is not a partial one: let the query see the abort.
  if (signal?.aborted) throw listing.error ?? signal.reason;
  return listing;
}

export const companyListingQueryOptions = (filter: CompanyListingFilter) =>
  queryOptions({
    queryKey: ['corporateAccount', 'listing', filter],
    queryFn: ({ signal }) => listCorporateAccounts(filter, signal),
    staleTime: 60_000,
  });

/** Every company of the filter (a failed page yields a partial listing, not an error). */
export function useCorporateAccountListing(filter: CompanyListingFilter, enabled = true) {
  return useQuery({ ...companyListingQueryOptions(filter), enabled });
}
