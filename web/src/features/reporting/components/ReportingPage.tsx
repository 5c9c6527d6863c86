import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecipientsPanel } from './RecipientsPanel';
import { ReportsList } from './ReportsList';

interface Props {
  /** The company the screen is about: a company user's own, or the one an MSP user chose (null: all). */
  corporateAccountOspId: string | null;
  /** MSP users and platform staff filter by company; the route composes the company search in. */
  companyFilter?: ReactNode;
}

/**
 * The reporting screen (SPEC §2 Reporting, reporting_manager): the
 * generated reports with their filters and downloads, and the e-mail
 * recipients per report type of the company.
 */
export function ReportingPage({ corporateAccountOspId, companyFilter }: Props) {
  const { t } = useTranslation('reporting');
  return (
    <Stack gap="xl" data-testid="reporting-page">
      <Title order={2}>{t('title')}</Title>
      <ReportsList
        corporateAccountOspId={corporateAccountOspId}
        companyFilter={companyFilter}
        showCompany={Boolean(companyFilter)}
      />
      <RecipientsPanel corporateAccountOspId={corporateAccountOspId} />
    </Stack>
  );
}
