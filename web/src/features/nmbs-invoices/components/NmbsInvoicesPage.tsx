import { Anchor, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/routes';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { INVOICE_PROVIDERS, type InvoiceProvider } from '../api/nmbsInvoices';
import { InvoicePanel } from './InvoicePanel';

/**
 * company/products/upload-nmbs-invoice (SPEC §2): the selected company's
 * monthly NMBS and B-Parking invoices, checked line by line against the
 * season-card orders processed that month, then processed; below, the
 * earlier files. Invoice managers of the company or its partner, and
 * platform staff (the route's guard).
 */
export default function NmbsInvoicesPage() {
  const { t } = useTranslation('nmbsInvoices');
  const company = useSelectedCorporateAccount();
  const [provider, setProvider] = useState<InvoiceProvider>('NMBS');
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('title')}</Title>
        <Anchor component={Link} to={paths.companyProducts} size="sm">
          {t('backToProducts')}
        </Anchor>
      </Group>
      <Text size="sm" data-testid="nmbs-invoice-company">
        {t('forCompany', { name: company.account?.name ?? '' })}
      </Text>
      <Tabs value={provider} onChange={(next) => next && setProvider(next as InvoiceProvider)} keepMounted={false}>
        <Tabs.List>
          {INVOICE_PROVIDERS.map((p) => (
            <Tabs.Tab key={p} value={p} data-testid={`nmbs-invoice-tab-${p}`}>
              {t(`providers.${p}.tab`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {INVOICE_PROVIDERS.map((p) => (
          <Tabs.Panel key={p} value={p} pt="md">
            {company.ospId && <InvoicePanel provider={p} corporateAccountOspId={company.ospId} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
