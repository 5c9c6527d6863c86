import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@/lib/constants';
import { useResourceSearch, type ResourceOption } from '../api/searchResources';

interface Props {
  value: ResourceOption | null;
  onChange: (resource: ResourceOption | null) => void;
  onBlur?: () => void;
  error?: string;
}

const optionLabel = (r: ResourceOption) => `${r.name} — ${r.providerName}`;

/**
 * The catalogue resource an expense was bought on (optional): active
 * resources of every kind, searched on the server from 3 characters on.
 */
export function ResourcePicker({ value, onChange, onBlur, error }: Props) {
  const { t } = useTranslation('expenses');
  const [search, setSearch] = useState(value ? optionLabel(value) : '');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // While the chosen resource is in the box, do not search for its label.
  const term = value && debounced === optionLabel(value) ? '' : debounced;
  const results = useResourceSearch(term);
  const found = term.trim().length >= SEARCH_MIN_CHARS ? (results.data ?? []) : [];
  const byOspId = new Map(found.map((r) => [r.ospId, r]));
  if (value) byOspId.set(value.ospId, value);
  const options = [...byOspId.values()].map((r) => ({ value: r.ospId, label: optionLabel(r) }));
  const tooShort = term.trim().length < SEARCH_MIN_CHARS;

  return (
    <Select
      label={t('fields.resource')}
      description={t('resource.description')}
      placeholder={t('resource.placeholder', { min: SEARCH_MIN_CHARS })}
      searchable
      clearable
      value={value?.ospId ?? null}
      data={options}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(ospId) => onChange(ospId ? (byOspId.get(ospId) ?? null) : null)}
      onBlur={onBlur}
      // The server filters (name or extId); filtering again here would hide extId matches.
      filter={({ options: all }) => all}
      nothingFoundMessage={tooShort ? t('resource.minChars', { min: SEARCH_MIN_CHARS }) : t('resource.nothingFound')}
      rightSection={results.isFetching ? <Loader size="xs" /> : undefined}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-testid="expense-resource"
    />
  );
}
