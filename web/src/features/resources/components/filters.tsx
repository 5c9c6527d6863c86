import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useMobilityModes, useMrpPartners } from '../api/options';
import type { ActiveFilter } from '../api/types';

const STATES: ActiveFilter[] = ['', 'active', 'inactive'];

/**
 * A list's filters besides the search, kept in the URL next to its page
 * and order (components/list/listState), so the way back from an edit page
 * returns to the same list. A new filter starts again at page 1.
 */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state') ?? '';
  const set = (name: string, value: string | null) =>
    setParams(
      (current) => {
        if (value) current.set(name, value);
        else current.delete(name);
        current.delete('page');
        return current;
      },
      { replace: true },
    );
  return {
    partner: params.get('partner') ?? '',
    mode: params.get('mode') ?? '',
    state: (STATES.includes(stateParam as ActiveFilter) ? stateParam : '') as ActiveFilter,
    setPartner: (value: string | null) => set('partner', value),
    setMode: (value: string | null) => set('mode', value),
    setState: (value: string | null) => set('state', value),
  };
}

export type FilterParams = ReturnType<typeof useFilterParams>;

/** Active, inactive or both. */
export function StateFilter({ filters }: { filters: FilterParams }) {
  const { t } = useTranslation('resources');
  return (
    <Select
      label={t('filters.state')}
      data={STATES.map((value) => ({ value, label: t(`filters.states.${value || 'all'}`) }))}
      value={filters.state}
      onChange={(value) => filters.setState(value)}
      allowDeselect={false}
      w={160}
      data-testid="filter-state"
    />
  );
}

/** The filters of a kind's list: MRP partner, mobility mode and state. */
export function ResourceFilters({ filters }: { filters: FilterParams }) {
  const { t } = useTranslation('resources');
  const partners = useMrpPartners();
  const modes = useMobilityModes();
  return (
    <>
      <Select
        label={t('filters.partner')}
        placeholder={t('filters.allPartners')}
        data={(partners.data ?? []).map((p) => ({ value: p.ospId, label: p.name }))}
        value={filters.partner || null}
        onChange={filters.setPartner}
        searchable
        clearable
        nothingFoundMessage={t('filters.nothingFound')}
        w={220}
        data-testid="filter-partner"
      />
      <Select
        label={t('fields.mobilityMode')}
        placeholder={t('filters.allModes')}
        data={(modes.data ?? []).map((m) => ({ value: m.value, label: m.label }))}
        value={filters.mode || null}
        onChange={filters.setMode}
        clearable
        w={200}
        data-testid="filter-mode"
      />
      <StateFilter filters={filters} />
    </>
  );
}

/** A mobility mode's label in the current language (the server's list), else its value. */
export function useModeLabel() {
  const modes = useMobilityModes();
  return (value: string) => modes.data?.find((m) => m.value === value)?.label ?? value;
}
