import { Card, Group, Select, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyTypes, usePartners } from '../api/filters';
import type { DashboardFilters as Filters } from '../dashboardFilters';

interface Props {
  filters: Filters;
  /** Platform staff choose the partner and the company type (SPEC §2). */
  platformStaff: boolean;
  /** The user's own partner, named while the partner list loads. */
  ownPartner: { ospId: string; name: string } | null;
  onPartnerChange: (partnerOspId: string | null) => void;
  onCompanyTypeChange: (companyType: string | null) => void;
  /** The company search, which the page composes in. */
  children: ReactNode;
}

/** The dashboard's "Filters": partner, company type and the company being worked on. */
export function DashboardFilters({ filters, platformStaff, ownPartner, onPartnerChange, onCompanyTypeChange, children }: Props) {
  const { t } = useTranslation('dashboard');
  const partners = usePartners(platformStaff);
  const companyTypes = useCompanyTypes(platformStaff);

  const partnerOptions = (partners.data ?? []).map((p) => ({
    value: p.ospId,
    label: p.active ? p.name : t('filters.inactivePartner', { name: p.name }),
  }));
  // The default partner stays shown while the list loads (or if it is not in it).
  if (filters.partnerOspId && !partnerOptions.some((o) => o.value === filters.partnerOspId)) {
    const name = ownPartner?.ospId === filters.partnerOspId ? ownPartner.name : filters.partnerOspId;
    partnerOptions.unshift({ value: filters.partnerOspId, label: name });
  }

  return (
    <Card withBorder padding="lg" data-testid="dashboard-filters">
      <Stack gap="md">
        <Title order={3} size="h4">
          {t('filters.title')}
        </Title>
        <Group align="flex-end" wrap="wrap">
          {platformStaff && (
            <Select
              label={t('filters.partner')}
              placeholder={t('filters.allPartners')}
              data={partnerOptions}
              value={filters.partnerOspId}
              onChange={onPartnerChange}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': t('filters.clearPartner'), 'aria-hidden': false, tabIndex: 0 }}
              nothingFoundMessage={partners.isError ? t('filters.partnersFailed') : t('filters.noPartners')}
              w={260}
              data-testid="partner-filter"
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {platformStaff && (
            <Select
              label={t('filters.companyType')}
              placeholder={t('filters.anyCompanyType')}
              data={(companyTypes.data ?? []).map((type) => ({
                value: type,
                label: t(`filters.companyTypes.${type}`, { defaultValue: type }),
              }))}
              value={filters.companyType}
              onChange={onCompanyTypeChange}
              clearable
              clearButtonProps={{ 'aria-label': t('filters.clearCompanyType'), 'aria-hidden': false, tabIndex: 0 }}
              w={220}
              data-testid="company-type-filter"
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {children}
        </Group>
      </Stack>
    </Card>
  );
}
