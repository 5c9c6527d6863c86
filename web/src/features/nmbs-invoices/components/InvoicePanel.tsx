import { Button, Card, Code, FileInput, Group, Stack, Stepper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_ROWS } from '@/lib/constants';
import {
  downloadInvoiceTemplate,
  PROVIDER_FILES,
  useProcessInvoice,
  useUploadInvoice,
  useValidateInvoice,
  type InvoiceProvider,
} from '../api/nmbsInvoices';
import { InvoiceHistory } from './InvoiceHistory';
import { InvoiceReportView } from './InvoiceReportView';

/**
 * One provider's invoice (SPEC §5, §7): upload the CSV, the server checks
 * and matches every line (nothing written), then process; below, the
 * company's earlier files of the provider.
 */
export function InvoicePanel({ provider, corporateAccountOspId }: { provider: InvoiceProvider; corporateAccountOspId: string }) {
  const { t } = useTranslation('nmbsInvoices');
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadInvoice();
  const validate = useValidateInvoice();
  const process = useProcessInvoice();
  const reset = () => {
    upload.reset();
    validate.reset();
    process.reset();
  };
  const report = validate.data;
  const step = process.data ? 3 : report ? 2 : upload.data ? 1 : 0;
  const uploadAndValidate = () => {
    if (!file) return;
    reset();
    upload.mutate({ file, provider, corporateAccountOspId }, { onSuccess: (uploadId) => validate.mutate(uploadId) });
  };
  const canProcess = report?.valid === true && report.status === 'UPLOADED';

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Text size="sm">{t(`providers.${provider}.intro`, { max: IMPORT_MAX_ROWS })}</Text>
          <Text size="sm">
            {t('upload.columns')} <Code data-testid="nmbs-invoice-columns">{PROVIDER_FILES[provider].columns.join(';')}</Code>
          </Text>
          <Group>
            <Button variant="light" size="xs" onClick={() => void downloadInvoiceTemplate(provider)} data-testid="nmbs-invoice-template">
              {t('upload.template')}
            </Button>
          </Group>
          <Stepper active={step} size="sm">
            <Stepper.Step label={t('upload.steps.upload')} loading={upload.isPending} />
            <Stepper.Step label={t('upload.steps.validate')} loading={validate.isPending} />
            <Stepper.Step label={t('upload.steps.process')} loading={process.isPending} />
          </Stepper>
          <Group align="flex-end">
            <FileInput
              label={t('upload.file')}
              placeholder={t('upload.filePlaceholder')}
              accept=".csv,text/csv"
              value={file}
              onChange={(next) => {
                setFile(next);
                reset();
              }}
              clearable
              w={360}
              data-testid="nmbs-invoice-file"
            />
            <Button onClick={uploadAndValidate} disabled={!file} loading={upload.isPending || validate.isPending} data-testid="nmbs-invoice-upload">
              {t('upload.upload')}
            </Button>
          </Group>
        </Stack>
      </Card>

      {report && !process.data && (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <InvoiceReportView report={report} title={t('report.validateTitle')} />
            <Group>
              <Button onClick={() => process.mutate(report.uploadId)} disabled={!canProcess} loading={process.isPending} data-testid="nmbs-invoice-process">
                {t('upload.process')}
              </Button>
              {!report.valid && (
                <Text size="sm" c="dimmed">
                  {t('upload.fixFirst')}
                </Text>
              )}
            </Group>
          </Stack>
        </Card>
      )}
      {process.data && (
        <Card withBorder padding="lg" data-testid="nmbs-invoice-process-report">
          <InvoiceReportView report={process.data} title={t('report.processTitle')} />
        </Card>
      )}
      <InvoiceHistory provider={provider} corporateAccountOspId={corporateAccountOspId} />
    </Stack>
  );
}
