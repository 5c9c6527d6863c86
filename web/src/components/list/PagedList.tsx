import { Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { PagedTable, type PagedTableProps } from '../PagedTable';
import type { ListState } from './listState';

/** One page of a server-side list, as the API returns it. */
export interface ListPage<T> {
  content: T[];
  totalPages?: number;
  totalElements?: number;
  /** More rows than totalElements: counted only so far (a search that finds a great many). */
  moreThanTotal?: boolean;
}

/** The parts of a react-query result a list needs. */
export interface ListQuery<T> {
  data?: ListPage<T>;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ListSearch {
  label: string;
  placeholder?: string;
  testId?: string;
}

type TableProps<T> = Omit<
  PagedTableProps<T>,
  | 'rows'
  | 'isLoading'
  | 'isFetching'
  | 'error'
  | 'onRetry'
  | 'page'
  | 'totalPages'
  | 'totalElements'
  | 'moreThanTotal'
  | 'onPageChange'
  | 'sort'
  | 'onSortChange'
>;

interface Props<T> extends TableProps<T> {
  query: ListQuery<T>;
  list: ListState;
  /** Sorting by the columns' sortProperty (server-side); off by default. */
  sortable?: boolean;
  /** A search box, applied 700 ms after the last keystroke. */
  search?: ListSearch;
  /** Filters and actions beside the search box. */
  toolbar?: ReactNode;
}

/**
 * A list page's table wired to its query and list state: paging, sorting,
 * search, and the loading, empty and error states, the same everywhere.
 */
export function PagedList<T>({ query, list, sortable = false, search, toolbar, ...table }: Props<T>) {
  const grid = (
    <PagedTable
      {...table}
      rows={query.data?.content}
      isLoading={query.isPending}
      isFetching={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
      page={list.page}
      totalPages={query.data?.totalPages}
      totalElements={query.data?.totalElements}
      moreThanTotal={query.data?.moreThanTotal}
      onPageChange={list.setPage}
      sort={sortable ? list.sort : undefined}
      onSortChange={sortable ? list.setSort : undefined}
    />
  );
  if (!search && !toolbar) return grid;
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="lg">
        {search && <SearchBox {...search} value={list.search} onSearch={list.setSearch} />}
        {toolbar}
      </Group>
      {grid}
    </Stack>
  );
}

/** The box shows every keystroke; the list follows 700 ms after the last one. */
function SearchBox(props: ListSearch & { value: string; onSearch: (value: string) => void }) {
  const [text, setText] = useState(props.value);
  const apply = useDebouncedCallback((value: string) => props.onSearch(value.trim()), SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      label={props.label}
      placeholder={props.placeholder}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      w={320}
      data-testid={props.testId}
    />
  );
}
