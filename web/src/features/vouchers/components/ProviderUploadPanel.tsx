import { Button, Card, Code, FileInput, Group, Stack, Stepper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_ROWS } from '@/lib/constants';
import {
  downloadProviderTemplate,
  KINDS,
  useProcessProviderFile,
  useUploadProviderFile,
  useValidateProviderFile,
  type ProviderKind,
} from '../api/providerFiles';
import { ProviderReportView } from './ProviderReportView';
import { UploadHistory } from './UploadHistory';

/**
 * One kind's tab of the backoffice uploads (SPEC §2, §5): upload a CSV,
 * the server checks every line at once (nothing written), then process;
 * below, the earlier files with their results.
 */
export function ProviderUploadPanel({ kind, corporateAccountOspId }: { kind: ProviderKind; corporateAccountOspId?: string }) {
  const { t } = useTranslation('vouchers');
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadProviderFile(kind);
  const validate = useValidateProviderFile(kind);
  const process = useProcessProviderFile(kind);
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
    upload.mutate({ file, corporateAccountOspId }, { onSuccess: (stored) => validate.mutate(stored.uploadId) });
  };

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Text size="sm">{t(`kinds.${kind}.intro`, { max: IMPORT_MAX_ROWS })}</Text>
          <Text size="sm">
            {t('upload.columns')} <Code data-testid="provider-columns">{KINDS[kind].columns.join(';')}</Code>
          </Text>
          <Group>
            <Button variant="light" size="xs" onClick={() => void downloadProviderTemplate(kind)} data-testid="provider-template">
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
              data-testid="provider-file"
            />
            <Button onClick={uploadAndValidate} disabled={!file} loading={upload.isPending || validate.isPending} data-testid="provider-upload">
              {t('upload.upload')}
            </Button>
          </Group>
        </Stack>
      </Card>

      {report && !process.data && (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <ProviderReportView report={report} title={t('report.validateTitle')} />
            <Group>
              <Button onClick={() => process.mutate(report.uploadId)} disabled={report.status !== 'valid'} loading={process.isPending} data-testid="provider-process">
                {t('upload.process')}
              </Button>
              {report.status !== 'valid' && (
                <Text size="sm" c="dimmed">
                  {t('upload.fixFirst')}
                </Text>
              )}
            </Group>
          </Stack>
        </Card>
      )}
      {process.data && (
        <Card withBorder padding="lg" data-testid="provider-process-report">
          <ProviderReportView report={process.data} title={t('report.processTitle')} />
        </Card>
      )}
      <UploadHistory kind={kind} />
    </Stack>
  );
}
