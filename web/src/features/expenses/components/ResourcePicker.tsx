import { useTranslation } from 'react-i18next';
import { SearchPicker } from '@/components/SearchPicker';
import { SEARCH_MIN_CHARS } from '@/lib/constants';
import { useResourceSearch, type ResourceOption } from '../api/searchResources';

interface Props {
  value: ResourceOption | null;
  onChange: (resource: ResourceOption | null) => void;
  onBlur?: () => void;
  error?: string;
}

/**
 * The catalogue resource an expense was bought on (optional): active
 * resources of every kind, searched on the server from 3 characters on.
 */
export function ResourcePicker({ value, onChange, onBlur, error }: Props) {
  const { t } = useTranslation('expenses');
  return (
    <SearchPicker
      label={t('fields.resource')}
      description={t('resource.description')}
      placeholder={t('resource.placeholder', { min: SEARCH_MIN_CHARS })}
      clearable
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      idOf={(r) => r.ospId}
      labelOf={(r) => `${r.name} — ${r.providerName}`}
      useMatches={useResourceSearch}
      tooShortMessage={t('resource.minChars', { min: SEARCH_MIN_CHARS })}
      nothingFoundMessage={t('resource.nothingFound')}
      data-testid="expense-resource"
    />
  );
}
