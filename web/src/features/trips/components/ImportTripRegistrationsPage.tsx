import { Alert, Anchor, Code, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PageLoader } from '@/components/PageLoader';
import { ImportLineErrors } from '@/components/import/ImportLineErrors';
import { UploadFlow } from '@/components/import/UploadFlow';
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
  const upload = useUploadImportFile();
  const validate = useValidateImport();
  const process = useProcessImport();
  if (!corporateAccountOspId) return <PageLoader />;

  const back = userOspId ? namedRoutes.AppUserTab(userOspId, 'trip-registrations') : paths.appUsers;
  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to={back} size="sm">
        ← {t(userOspId ? 'import.backToUser' : 'import.backToUsers')}
      </Anchor>
      <Title order={2}>{t('import.title')}</Title>
      <UploadFlow
        upload={upload}
        validate={validate}
        process={process}
        variables={(file: File) => ({ file, corporateAccountOspId })}
        intro={
          <>
            <Text size="sm">{t('import.intro', { max: IMPORT_MAX_ROWS })}</Text>
            <Text size="sm">
              {t('import.columns')} <Code data-testid="import-columns">{TRIP_IMPORT_COLUMNS.join(';')}</Code>
            </Text>
            <Text size="sm" c="dimmed">
              {t('import.values')}
            </Text>
          </>
        }
        accept={TRIP_IMPORT_ACCEPT}
        labels={{
          steps: { upload: t('users:import.steps.upload'), validate: t('users:import.steps.validate'), process: t('users:import.steps.process') },
          file: t('users:import.file'),
          filePlaceholder: t('import.filePlaceholder'),
          upload: t('users:import.upload'),
          process: t('users:import.process'),
          fixFirst: t('users:import.fixFirst'),
        }}
        testIds={{ file: 'import-file', upload: 'import-upload', process: 'import-process', result: 'process-report' }}
        isValid={(report) => report.status === 'valid'}
        renderReport={(report) => <ReportView report={report} />}
        renderResult={(result) => (
          <Stack gap="md">
            <Title order={4}>{t('users:import.result.title')}</Title>
            <Alert color={result.status === 'processed' ? 'green' : 'red'}>
              {result.status === 'processed'
                ? t('import.processed', { count: result.created.length })
                : t('users:import.report.invalid', { count: result.errors.length })}
            </Alert>
            {result.status !== 'processed' && <ReportView report={result} />}
          </Stack>
        )}
      />
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
