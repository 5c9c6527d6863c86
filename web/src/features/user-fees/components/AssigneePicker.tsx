import { Button, Group, Loader, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@/lib/constants';
import { namedRoutes } from '@/lib/routes';
import { routeTypeOf, useCompanySearch, useMspPartners, type AssigneeType } from '../api/userFees';

/**
 * "Add tiers for…": pick an active MSP partner (from the list) or a company
 * (searched by name or extId on the server), then open its tiers.
 */
export function AssigneePicker() {
  const { t } = useTranslation('userFees');
  const navigate = useNavigate();
  const [type, setType] = useState<AssigneeType>('PARTNER');
  const [chosen, setChosen] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const partners = useMspPartners(type === 'PARTNER');
  const companies = useCompanySearch(type === 'CORPORATE_ACCOUNT' ? debounced : '');

  const options =
    type === 'PARTNER'
      ? (partners.data ?? []).map((p) => ({ value: p.ospId, label: p.name }))
      : (companies.data?.content ?? []).map((c) => ({ value: c.ospId, label: c.name }));
  const tooShort = type === 'CORPORATE_ACCOUNT' && debounced.trim().length < SEARCH_MIN_CHARS;
  const loading = type === 'PARTNER' ? partners.isFetching : companies.isFetching;

  const changeType = (next: string) => {
    setType(next as AssigneeType);
    setChosen(null);
    setSearch('');
  };

  return (
    <Stack gap="xs">
      <Text fw={500}>{t('addFor')}</Text>
      <Group align="flex-end" wrap="wrap">
        <SegmentedControl
          value={type}
          onChange={changeType}
          aria-label={t('fields.assigneeType')}
          data={[
            { value: 'PARTNER', label: t('types.PARTNER') },
            { value: 'CORPORATE_ACCOUNT', label: t('types.CORPORATE_ACCOUNT') },
          ]}
        />
        <Select
          label={type === 'PARTNER' ? t('pickPartner') : t('pickCompany')}
          searchable
          value={chosen}
          data={options}
          searchValue={search}
          onSearchChange={setSearch}
          onChange={setChosen}
          // companies are filtered on the server (name or extId)
          filter={type === 'PARTNER' ? undefined : ({ options: all }) => all}
          nothingFoundMessage={tooShort ? t('minChars', { min: SEARCH_MIN_CHARS }) : t('nothingFound')}
          rightSection={loading ? <Loader size="xs" /> : undefined}
          comboboxProps={{ withinPortal: true }}
          miw={280}
          data-testid="assignee-select"
        />
        <Button
          disabled={!chosen}
          onClick={() => chosen && navigate(namedRoutes.UserFeeTiers(routeTypeOf(type), chosen))}
          data-testid="open-assignee"
        >
          {t('openTiers')}
        </Button>
      </Group>
    </Stack>
  );
}
