import { useSearchParams } from 'react-router-dom';
import type { Sort } from '@/components/PagedTable';

/**
 * The list's page, sort and filters live in the URL: the back button from a
 * user's detail returns to the same page, and a filtered list can be shared.
 * Other parameters (an MSP user's corporateAccountOspId) are left alone.
 */
export function useListParams(defaultSort: Sort) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const inactive = params.get('inactive') === 'true';
  const negative = params.get('negative') === 'true';
  const sortParam = params.get('sort');
  const [property, direction] = sortParam ? sortParam.split(',') : [];
  const sort: Sort =
    property && (direction === 'ASC' || direction === 'DESC') ? { property, direction } : defaultSort;

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') current.delete(key);
          else current.set(key, value);
        }
        return current;
      },
      { replace: true },
    );

  return {
    page,
    search,
    inactive,
    negative,
    sort,
    setPage: (next: number) => update({ page: next > 1 ? String(next) : null }),
    // A new filter or order starts again at page 1.
    setSearch: (next: string) => update({ search: next, page: null }),
    setInactive: (next: boolean) => update({ inactive: next ? 'true' : null, page: null }),
    setNegative: (next: boolean) => update({ negative: next ? 'true' : null, page: null }),
    setSort: (next: Sort) => update({ sort: `${next.property},${next.direction}`, page: null }),
  };
}
