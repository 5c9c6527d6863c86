import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SearchPicker } from '@/components/SearchPicker';
import { SEARCH_MIN_CHARS } from '@/lib/constants';
import { namedRoutes } from '@/lib/routes';
import { routeTypeOf, useCompanyMatches, useMspPartners, type AssigneeType } from '../api/userFees';

interface Assignee {
  ospId: string;
  name: string;
}

/**
 * "Add tiers for…": pick an active MSP partner (from the list) or a company
 * (searched by name or extId on the server), then open its tiers.
 */
export function AssigneePicker() {
  const { t } = useTranslation('userFees');
  const navigate = useNavigate();
  const [type, setType] = useState<AssigneeType>('PARTNER');
  const [partner, setPartner] = useState<string | null>(null);
  const [company, setCompany] = useState<Assignee | null>(null);
  const partners = useMspPartners(type === 'PARTNER');
  const chosen = type === 'PARTNER' ? partner : (company?.ospId ?? null);

  return (
    <Stack gap="xs">
      <Text fw={500}>{t('addFor')}</Text>
      <Group align="flex-end" wrap="wrap">
        <SegmentedControl
          value={type}
          onChange={(next) => setType(next as AssigneeType)}
          aria-label={t('fields.assigneeType')}
          data={[
            { value: 'PARTNER', label: t('types.PARTNER') },
            { value: 'CORPORATE_ACCOUNT', label: t('types.CORPORATE_ACCOUNT') },
          ]}
        />
        {type === 'PARTNER' ? (
          <Select
            label={t('pickPartner')}
            searchable
            value={partner}
            data={(partners.data ?? []).map((p) => ({ value: p.ospId, label: p.name }))}
            onChange={setPartner}
            nothingFoundMessage={t('nothingFound')}
            comboboxProps={{ withinPortal: true }}
            miw={280}
            data-testid="assignee-select"
          />
        ) : (
          <SearchPicker<Assignee>
            label={t('pickCompany')}
            value={company}
            onChange={setCompany}
            idOf={(c) => c.ospId}
            labelOf={(c) => c.name}
            useMatches={useCompanyMatches}
            tooShortMessage={t('minChars', { min: SEARCH_MIN_CHARS })}
            nothingFoundMessage={t('nothingFound')}
            miw={280}
            data-testid="assignee-company"
          />
        )}
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
