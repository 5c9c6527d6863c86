import { describe, expect, it, vi } from 'vitest';
import type { CorporateAccount } from '@/lib/api/types';
import { listAllCorporateAccounts, type FetchCompanyPage } from './listAllCorporateAccounts';

const company = (n: number) => ({ ospId: `ca-${n}`, name: `Company ${n}` }) as CorporateAccount;

/** A server with `total` companies, answering pages of the asked size. */
function server(total: number, failOn: number[] = []) {
  const fetchPage = vi.fn<FetchCompanyPage>(async (page, size) => {
    if (failOn.includes(page)) throw new Error(`page ${page} failed`);
    const from = (page - 1) * size;
    const content = Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => company(from + i + 1));
    return { content, totalPages: Math.ceil(total / size) };
  });
  return fetchPage;
}

describe('listAllCorporateAccounts', () => {
  it('asks pages of 1000 and stops at the last one', async () => {
    const fetchPage = server(2500);
    const listing = await listAllCorporateAccounts(fetchPage);
    expect(fetchPage.mock.calls).toEqual([
      [1, 1000],
      [2, 1000],
      [3, 1000],
    ]);
    expect(listing.accounts).toHaveLength(2500);
    expect(listing.accounts.at(-1)?.ospId).toBe('ca-2500');
    expect(listing).toMatchObject({ pagesLoaded: 3, complete: true, truncated: false, error: null });
  });

  it('stops after one page when everything fits', async () => {
    const fetchPage = server(3);
    const listing = await listAllCorporateAccounts(fetchPage);
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(listing).toMatchObject({ pagesLoaded: 1, complete: true });
    expect(listing.accounts.map((a) => a.ospId)).toEqual(['ca-1', 'ca-2', 'ca-3']);
  });

  it('stops on an exact multiple when the server says there is no more', async () => {
    const fetchPage = server(2000);
    const listing = await listAllCorporateAccounts(fetchPage);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(listing).toMatchObject({ pagesLoaded: 2, complete: true });
  });

  it('handles an empty list', async () => {
    const listing = await listAllCorporateAccounts(server(0));
    expect(listing).toMatchObject({ accounts: [], pagesLoaded: 1, complete: true });
  });

  it('asks at most 20 pages', async () => {
    const fetchPage = server(25_000);
    const listing = await listAllCorporateAccounts(fetchPage);
    expect(fetchPage).toHaveBeenCalledTimes(20);
    expect(fetchPage.mock.calls.at(-1)).toEqual([20, 1000]);
    expect(listing.accounts).toHaveLength(20_000);
    expect(listing).toMatchObject({ pagesLoaded: 20, complete: false, truncated: true, error: null });
  });

  it('keeps what was loaded when a page fails, and asks no further page', async () => {
    const fetchPage = server(5000, [3]);
    const listing = await listAllCorporateAccounts(fetchPage);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(listing.accounts).toHaveLength(2000);
    expect(listing).toMatchObject({ pagesLoaded: 2, complete: false, truncated: false });
    expect(listing.error).toEqual(new Error('page 3 failed'));
  });

  it('returns an empty, incomplete listing when the first page fails', async () => {
    const listing = await listAllCorporateAccounts(server(10, [1]));
    expect(listing).toMatchObject({ accounts: [], pagesLoaded: 0, complete: false });
    expect(listing.error).toBeInstanceOf(Error);
  });

  it('takes other limits', async () => {
    const fetchPage = server(50);
    const listing = await listAllCorporateAccounts(fetchPage, { pageSize: 10, maxPages: 3 });
    expect(fetchPage.mock.calls).toEqual([
      [1, 10],
      [2, 10],
      [3, 10],
    ]);
    expect(listing).toMatchObject({ pagesLoaded: 3, truncated: true });
  });
});
