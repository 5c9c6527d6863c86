import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SEARCH_MIN_CHARS } from '@/lib/constants';
import type { Sort } from '../PagedTable';

/**
 * The search the server gets: nothing below 3 characters (SPEC §5, §9), so
 * a short term asks nothing new and the list stays as it was unfiltered.
 */
export function effectiveSearch(search: string): string | undefined {
  const term = search.trim();
  return term.length >= SEARCH_MIN_CHARS ? term : undefined;
}

/** What a paged list keeps: its page, order and search, and how to change them. */
export interface ListState {
  page: number;
  sort: Sort | null;
  search: string;
  setPage: (page: number) => void;
  /** A new order starts again at page 1. */
  setSort: (sort: Sort) => void;
  /** A new search starts again at page 1. */
  setSearch: (search: string) => void;
}

/**
 * The URL's parameters and a change to them, replacing the history entry.
 * react-router gives setParams the parameters of the last render: two
 * changes before the list renders again (two quick picks in a multi-select
 * on a busy machine) kept only the second. A change made here and not
 * rendered yet is the base of the next one.
 */
function useParamsWriter() {
  const [params, setParams] = useSearchParams();
  const pending = useRef<{ base: string; next: URLSearchParams } | null>(null);
  const change = (apply: (next: URLSearchParams) => void) => {
    const rendered = params.toString();
    const next = new URLSearchParams(pending.current?.base === rendered ? pending.current.next : params);
    apply(next);
    pending.current = { base: rendered, next };
    setParams(next, { replace: true });
  };
  return { params, change };
}

/**
 * The list's page, sort and filters live in the URL: the back button from a
 * user's detail returns to the same page, and a filtered list can be shared.
 * Other parameters (an MSP user's corporateAccountOspId) are left alone.
 */
export function useListParams<S extends Sort | null = null>(defaultSort: S = null as S) {
  const { params, change } = useParamsWriter();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const inactive = params.get('inactive') === 'true';
  const negative = params.get('negative') === 'true';
  const sortParam = params.get('sort');
  const [property, direction] = sortParam ? sortParam.split(',') : [];
  const sort: Sort | S =
    property && (direction === 'ASC' || direction === 'DESC') ? { property, direction } : defaultSort;

  const update = (changes: Record<string, string | null>) =>
    change((next) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
    });

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

/**
 * A list's other filters (a partner, a state…), in the URL beside its page,
 * order and search: get reads one ('' when unset), set changes one and
 * starts again at page 1, setList applies a multi-select's change.
 */
export function useFilterParams() {
  const writer = useParamsWriter();
  const { params } = writer;
  // a new filter starts again at page 1
  const change = (apply: (next: URLSearchParams) => void) =>
    writer.change((next) => {
      apply(next);
      next.delete('page');
    });
  const put = (next: URLSearchParams, name: string, value: string | null) => {
    if (value) next.set(name, value);
    else next.delete(name);
  };
  return {
    get: (name: string) => params.get(name) ?? '',
    set: (name: string, value: string | null) => change((next) => put(next, name, value)),
    /**
     * A multi-select's change to the comma-separated list name: what it
     * added to and removed from the list it rendered with, applied to the
     * list as it is now.
     */
    setList: (name: string, rendered: string[], selected: string[]) =>
      change((next) => {
        const now = (next.get(name) ?? '').split(',').filter(Boolean);
        const removed = rendered.filter((v) => !selected.includes(v));
        const added = selected.filter((v) => !rendered.includes(v) && !now.includes(v));
        put(next, name, [...now.filter((v) => !removed.includes(v)), ...added].join(','));
      }),
  };
}

/**
 * The same state kept in the component: for a list inside a tab or a card,
 * where the page of one list does not belong in the page's URL.
 */
export function useListState(defaultSort: Sort | null = null): ListState {
  const [state, setState] = useState({ page: 1, sort: defaultSort, search: '' });
  return {
    ...state,
    setPage: (page) => setState((current) => ({ ...current, page })),
    setSort: (sort) => setState((current) => ({ ...current, sort, page: 1 })),
    setSearch: (search) => setState((current) => ({ ...current, search, page: 1 })),
  };
}
