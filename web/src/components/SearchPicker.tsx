import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@/lib/constants';

/** What the server found for a term (a React Query result, or the part of one the picker reads). */
export interface Matches<T> {
  data?: T[];
  isFetching: boolean;
}

type Props<T> = Omit<SelectProps, 'value' | 'onChange' | 'data' | 'searchValue' | 'onSearchChange' | 'filter' | 'nothingFoundMessage'> & {
  value: T | null;
  onChange: (next: T | null) => void;
  /** The item's id and the text it shows as (in the box and in the list). */
  idOf: (item: T) => string;
  labelOf: (item: T) => string;
  /** The server's matches of a term; asked once the term has SEARCH_MIN_CHARS characters (a module-level hook, never a new one per render). */
  useMatches: (term: string) => Matches<T>;
  /** Shown while the term is shorter than SEARCH_MIN_CHARS, and when nothing matched. */
  tooShortMessage: string;
  nothingFoundMessage: string;
};

/**
 * A Select whose options the server searches (name or extId) from 3
 * characters on, debounced; the chosen item stays an option whatever the
 * search, and its own label in the box is not searched for again.
 */
export function SearchPicker<T>({ value, onChange, idOf, labelOf, useMatches, tooShortMessage, nothingFoundMessage, ...select }: Props<T>) {
  const [search, setSearch] = useState(value ? labelOf(value) : '');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const term = value && debounced === labelOf(value) ? '' : debounced.trim();
  const tooShort = term.length < SEARCH_MIN_CHARS;
  const results = useMatches(tooShort ? '' : term);
  const byId = new Map((tooShort ? [] : (results.data ?? [])).map((item) => [idOf(item), item]));
  if (value) byId.set(idOf(value), value);

  return (
    <Select
      searchable
      comboboxProps={{ withinPortal: true }}
      {...select}
      value={value ? idOf(value) : null}
      data={[...byId.values()].map((item) => ({ value: idOf(item), label: labelOf(item) }))}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => onChange(id ? (byId.get(id) ?? null) : null)}
      // The server filters (name or extId); filtering again here would hide extId matches.
      filter={({ options }) => options}
      nothingFoundMessage={tooShort ? tooShortMessage : nothingFoundMessage}
      rightSection={results.isFetching ? <Loader size="xs" /> : select.rightSection}
    />
  );
}
