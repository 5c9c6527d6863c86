import { useTranslation } from 'react-i18next';
import { SearchPicker, type Matches } from '@/components/SearchPicker';
import { SEARCH_MIN_CHARS } from '@/lib/constants';
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

/** The companies whose name or external id holds term (a page of corporateAccount/getByFilter). */
function useCompanyMatches(term: string): Matches<CompanyOption> {
  const results = useCompanySearch(term);
  return { data: results.data?.content.map((c) => ({ ospId: c.ospId, name: c.name })), isFetching: results.isFetching };
}

/** A company found by name or external id, searched on the server from 3 characters on. */
export function CompanyPicker({ label, value, onChange, onBlur, error }: Props) {
  const { t } = useTranslation('resources');
  return (
    <SearchPicker
      label={label}
      withAsterisk
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      idOf={(c) => c.ospId}
      labelOf={(c) => c.name}
      useMatches={useCompanyMatches}
      tooShortMessage={t('minChars', { min: SEARCH_MIN_CHARS })}
      nothingFoundMessage={t('filters.nothingFound')}
      data-testid="owner-company"
    />
  );
}
