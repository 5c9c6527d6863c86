import { SegmentedControl, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ProviderKind } from '../api/providerFiles';
import { ProviderUploadPanel } from './ProviderUploadPanel';

const FILES = { invoice: 'CAMBIO_INVOICE', co2: 'CAMBIO_CO2' } as const satisfies Record<string, ProviderKind>;
type CambioFile = keyof typeof FILES;

/**
 * The backoffice uploads' Cambio tab (platform staff): Cambio's invoice
 * (car-sharing trips booked on the drivers' budgets) or its CO2 figures,
 * chosen in the URL (?file=invoice|co2).
 */
export default function CambioUploadsPage() {
  const { t } = useTranslation('vouchers');
  const [params, setParams] = useSearchParams();
  const file: CambioFile = params.get('file') === 'co2' ? 'co2' : 'invoice';
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={3}>{t('cambio.title')}</Title>
      <SegmentedControl
        aria-label={t('cambio.choose')}
        value={file}
        onChange={(next) => setParams({ file: next }, { replace: true })}
        data={[
          { value: 'invoice', label: t('kinds.CAMBIO_INVOICE.title') },
          { value: 'co2', label: t('kinds.CAMBIO_CO2.title') },
        ]}
        w="fit-content"
        data-testid="cambio-file"
      />
      <ProviderUploadPanel key={file} kind={FILES[file]} />
    </Stack>
  );
}
