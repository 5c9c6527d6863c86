import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InvoiceList } from './InvoiceList';
import { usePlatformStaff } from './usePlatformStaff';

/**
 * finance/self-billing-invoices (SPEC §2, invoice managers): the invoices
 * the platform issues on an MRP partner's behalf; the server lists the
 * partner's own (platform staff: every partner's). No payments here.
 */
export default function SelfBillingInvoicesPage() {
  const { t } = useTranslation('invoices');
  const staff = usePlatformStaff();
  return (
    <Stack gap="lg">
      <Title order={2}>{t('selfBillingTitle')}</Title>
      <Text size="sm" c="dimmed">
        {t('selfBillingIntro')}
      </Text>
      <Card withBorder padding="md">
        <InvoiceList selfBilling corporateAccountOspId={null} staff={staff} />
      </Card>
    </Stack>
  );
}
