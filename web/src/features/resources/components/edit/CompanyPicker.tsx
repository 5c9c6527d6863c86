import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@/lib/constants';
import { useCompanySearch } from '../../api/options';

export interface CompanyOption {
  ospId: string;
  name: string;
}

interface Props {
  label: string;
  value: CompanyOption | null;
  onChange: (company: CompanyOption | null) => void;
  onBlur?: () => void;
  error?: string;
}

/** A company found by name or external id, searched on the server from 3 characters on. */
export function CompanyPicker({ label, value, onChange, onBlur, error }: Props) {
  const { t } = useTranslation('resources');
  const [search, setSearch] = useState(value?.name ?? '');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // While the chosen company's name is in the box, do not search for it.
  const term = value && debounced === value.name ? '' : debounced;
  const results = useCompanySearch(term);
  const options = (results.data?.content ?? []).map((company) => ({ value: company.ospId, label: company.name }));
  if (value && !options.some((o) => o.value === value.ospId)) options.unshift({ value: value.ospId, label: value.name });
  const tooShort = term.trim().length < SEARCH_MIN_CHARS;

  return (
    <Select
      label={label}
      withAsterisk
      searchable
      value={value?.ospId ?? null}
      data={options}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(ospId, option) => onChange(ospId ? { ospId, name: option?.label ?? '' } : null)}
      onBlur={onBlur}
      // The server filters (name or extId); filtering again here would hide extId matches.
      filter={({ options: all }) => all}
      nothingFoundMessage={tooShort ? t('minChars', { min: SEARCH_MIN_CHARS }) : t('filters.nothingFound')}
      rightSection={results.isFetching ? <Loader size="xs" /> : undefined}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-testid="owner-company"
    />
  );
}
