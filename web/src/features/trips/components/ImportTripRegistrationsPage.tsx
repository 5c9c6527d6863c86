import { Alert, Anchor, Button, Card, Code, FileInput, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PageLoader } from '@/components/PageLoader';
import { ImportLineErrors } from '@/components/import/ImportLineErrors';
import type { TripImportReport } from '@/lib/api/types';
import { IMPORT_MAX_ROWS } from '@/lib/constants';
import { namedRoutes, paths } from '@/lib/routes';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useProcessImport } from '../api/processImport';
import { useUploadImportFile } from '../api/uploadImportFile';
import { useValidateImport } from '../api/validateImport';
import { TRIP_IMPORT_ACCEPT, TRIP_IMPORT_COLUMNS } from './tripOptions';

/**
 * manage/import-trip-registrations?userOspId=: the company's trip
 * registrations from a CSV, like the users import (SPEC §5): upload, the
 * server checks every line (line, field, reason), then process, only once
 * the file is valid.
 */
export default function ImportTripRegistrationsPage() {
  const { t } = useTranslation('trips');
  const [params] = useSearchParams();
  const userOspId = params.get('userOspId') ?? '';
  const { ospId: corporateAccountOspId } = useSelectedCorporateAccount();
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadImportFile();
  const validate = useValidateImport();
  const process = useProcessImport();

  const reset = () => {
    upload.reset();
    validate.reset();
    process.reset();
  };
  if (!corporateAccountOspId) return <PageLoader />;

  const report = validate.data;
  const valid = report?.status === 'valid';
  const step = process.data ? 3 : report ? 2 : upload.data ? 1 : 0;
  const back = userOspId ? namedRoutes.AppUserTab(userOspId, 'trip-registrations') : paths.appUsers;

  // Validation changes nothing, so it runs straight after the upload.
  const uploadAndValidate = () => {
    if (!file) return;
    reset();
    upload.mutate({ file, corporateAccountOspId }, { onSuccess: (result) => validate.mutate(result.uploadId) });
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to={back} size="sm">
        ← {t(userOspId ? 'import.backToUser' : 'import.backToUsers')}
      </Anchor>
      <Title order={2}>{t('import.title')}</Title>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Text size="sm">{t('import.intro', { max: IMPORT_MAX_ROWS })}</Text>
          <Text size="sm">
            {t('import.columns')} <Code data-testid="import-columns">{TRIP_IMPORT_COLUMNS.join(';')}</Code>
          </Text>
          <Text size="sm" c="dimmed">
            {t('import.values')}
          </Text>
          <Stepper active={step} size="sm">
            <Stepper.Step label={t('users:import.steps.upload')} loading={upload.isPending} />
            <Stepper.Step label={t('users:import.steps.validate')} loading={validate.isPending} />
            <Stepper.Step label={t('users:import.steps.process')} loading={process.isPending} />
          </Stepper>
          <Group align="flex-end">
            <FileInput
              label={t('users:import.file')}
              placeholder={t('import.filePlaceholder')}
              accept={TRIP_IMPORT_ACCEPT}
              value={file}
              onChange={(next) => {
                setFile(next);
                reset();
              }}
              clearable
              w={360}
              data-testid="import-file"
            />
            <Button onClick={uploadAndValidate} disabled={!file} loading={upload.isPending || validate.isPending} data-testid="import-upload">
              {t('users:import.upload')}
            </Button>
          </Group>
        </Stack>
      </Card>

      {report && (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <ReportView report={report} />
            {!process.data && (
              <Group>
                <Button onClick={() => process.mutate(report.uploadId)} disabled={!valid} loading={process.isPending} data-testid="import-process">
                  {t('users:import.process')}
                </Button>
                {!valid && (
                  <Text size="sm" c="dimmed">
                    {t('users:import.fixFirst')}
                  </Text>
                )}
              </Group>
            )}
          </Stack>
        </Card>
      )}
      {process.data && (
        <Card withBorder padding="lg">
          <Stack gap="md" data-testid="process-report">
            <Title order={4}>{t('users:import.result.title')}</Title>
            <Alert color={process.data.status === 'processed' ? 'green' : 'red'}>
              {process.data.status === 'processed'
                ? t('import.processed', { count: process.data.created.length })
                : t('users:import.report.invalid', { count: process.data.errors.length })}
            </Alert>
            {process.data.status !== 'processed' && <ReportView report={process.data} />}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

/** The check's result: valid, or every line error with its field and reason. */
function ReportView({ report }: { report: TripImportReport }) {
  const { t } = useTranslation('trips');
  const valid = report.status !== 'invalid';
  return (
    <Stack gap="md" data-testid="import-report">
      <Title order={4}>{t('users:import.report.title')}</Title>
      <Alert color={valid ? 'green' : 'red'} data-testid="import-status">
        {valid ? t('users:import.report.valid') : t('users:import.report.invalid', { count: report.errors.length })}
      </Alert>
      <Text size="sm" data-testid="import-rows">
        {t('users:import.report.rows')}: {report.rowCount}
      </Text>
      <ImportLineErrors
        errors={report.errors}
        labels={{ line: t('users:import.report.line'), field: t('users:import.report.field'), reason: t('users:import.report.reason') }}
      />
    </Stack>
  );
}
