import { Card, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { InvoiceList } from './InvoiceList';
import { usePlatformStaff } from './usePlatformStaff';

/**
 * finance/invoices (SPEC §2): a company's invoices and credit notes for its
 * invoice and user managers; MSP admins and platform staff see the selected
 * company's, or every company's they reach when none is selected.
 */
export default function InvoicesPage() {
  const { t } = useTranslation('invoices');
  const { ospId } = useSelectedCorporateAccount();
  const staff = usePlatformStaff();
  return (
    <Stack gap="lg">
      <Title order={2}>{t('title')}</Title>
      <Card withBorder padding="md">
        <InvoiceList selfBilling={false} corporateAccountOspId={ospId} staff={staff} />
      </Card>
    </Stack>
  );
}
