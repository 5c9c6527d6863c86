import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@/lib/constants';
import { useCorporateAccountSearch, type CorporateAccountSearchScope } from '../api/searchCorporateAccounts';

export interface CorporateAccountOption {
  ospId: string;
  name: string;
}

interface Props extends CorporateAccountSearchScope {
  value: CorporateAccountOption | null;
  onChange: (ospId: string | null) => void;
}

/**
 * Remote company search for MSP users and platform admins: searches the
 * server by name or external id once 3 characters are typed, 700 ms after
 * the last keystroke, within the partner and company type given (the
 * dashboard's platform-staff filters; the server limits MSP admins to their
 * own partner's companies anyway).
 */
export function CorporateAccountSelector({ value, onChange, partnerOspId, companyType }: Props) {
  const { t } = useTranslation('corporateAccount');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // The label of the option last picked ("name (extId)"), which the box then shows.
  const [pickedLabel, setPickedLabel] = useState<string | null>(null);
  // While the selected company's name is shown in the box, do not search for it.
  const term = value && (debounced === value.name || debounced === pickedLabel) ? '' : debounced;
  const results = useCorporateAccountSearch(term, { partnerOspId, companyType });

  const options = useMemo(() => {
    const list = (results.data?.content ?? []).map((account) => ({
      value: account.ospId,
      label: account.data?.extId ? `${account.name} (${account.data.extId})` : account.name,
    }));
    // The current choice must stay an option, or the box could not show it.
    if (value && !list.some((o) => o.value === value.ospId)) {
      list.unshift({ value: value.ospId, label: value.name });
    }
    return list;
  }, [results.data, value]);

  const tooShort = term.trim().length < SEARCH_MIN_CHARS;
  const nothingFound = tooShort
    ? t('selector.minChars', { min: SEARCH_MIN_CHARS })
    : results.isFetching
      ? t('selector.searching')
      : results.isError
        ? t('selector.failed')
        : t('selector.noResults');

  return (
    <Select
      label={t('selector.label')}
      placeholder={t('selector.placeholder')}
      searchable
      clearable
      // Mantine hides the clear button from keyboards and screen readers by default.
      clearButtonProps={{ 'aria-label': t('selector.clear'), 'aria-hidden': false, tabIndex: 0 }}
      value={value?.ospId ?? null}
      data={options}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(ospId, option) => {
        setPickedLabel(ospId ? (option?.label ?? null) : null);
        onChange(ospId);
      }}
      // The server filters; filtering again locally would hide matches on extId.
      filter={({ options: all }) => all}
      nothingFoundMessage={nothingFound}
      rightSection={results.isFetching ? <Loader size="xs" /> : undefined}
      w={360}
      maw="100%"
      data-testid="corporate-account-selector"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
