import { Alert, Button, Card, FileInput, Group, SegmentedControl, Stack, Stepper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageLoader } from '@/components/PageLoader';
import type { ImportKind } from '@/lib/api/types';
import { IMPORT_MAX_ROWS, USER_IMPORT_ACCEPT } from '@/lib/constants';
import { useSelectedCorporateAccount } from '@/lib/session/selectedCorporateAccount';
import { useProcessImport } from '../../api/processImport';
import { useUploadImportFile } from '../../api/uploadImportFile';
import { useValidateImport } from '../../api/validateImport';
import { ImportReportView } from './ImportReportView';
import { ProcessReportView } from './ProcessReportView';
import { TemplateLinks } from './TemplateLinks';

const KINDS: ImportKind[] = ['create', 'update'];
const isKind = (value: string | null): value is ImportKind => KINDS.includes(value as ImportKind);

/**
 * manage/import-users?kind=create|update: upload a file, let the server
 * check every line, then process it, only once it is valid (SPEC §5).
 */
export default function ImportUsersPage() {
  const { t } = useTranslation('users');
  const [params, setParams] = useSearchParams();
  const kind: ImportKind = isKind(params.get('kind')) ? (params.get('kind') as ImportKind) : 'create';
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

  // Validation changes nothing, so it runs straight after the upload.
  const uploadAndValidate = () => {
    if (!file) return;
    reset();
    upload.mutate(
      { file, corporateAccountOspId, kind },
      { onSuccess: (result) => validate.mutate(result.uploadId) },
    );
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={2}>{t('import.title')}</Title>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <SegmentedControl
            value={kind}
            onChange={(next) => {
              setParams((current) => {
                current.set('kind', next);
                return current;
              }, { replace: true });
              reset();
            }}
            data={KINDS.map((k) => ({ value: k, label: t(`import.kinds.${k}`) }))}
            style={{ alignSelf: 'flex-start' }}
          />
          <Text size="sm">{t(`import.intro.${kind}`, { max: IMPORT_MAX_ROWS })}</Text>
          <TemplateLinks kind={kind} />
          <Stepper active={step} size="sm">
            <Stepper.Step label={t('import.steps.upload')} loading={upload.isPending} />
            <Stepper.Step label={t('import.steps.validate')} loading={validate.isPending} />
            <Stepper.Step label={t('import.steps.process')} loading={process.isPending} />
          </Stepper>
          <Group align="flex-end">
            <FileInput
              label={t('import.file')}
              placeholder={t('import.filePlaceholder')}
              accept={USER_IMPORT_ACCEPT}
              value={file}
              onChange={(next) => {
                setFile(next);
                reset();
              }}
              clearable
              w={360}
              data-testid="import-file"
            />
            <Button
              onClick={uploadAndValidate}
              disabled={!file}
              loading={upload.isPending || validate.isPending}
              data-testid="import-upload"
            >
              {t('import.upload')}
            </Button>
          </Group>
          {upload.data && upload.data.ignoredColumns.length > 0 && (
            <Alert color="yellow">{t('import.ignoredColumns', { columns: upload.data.ignoredColumns.join(', ') })}</Alert>
          )}
          {upload.data?.sameFileAs && <Alert color="yellow">{t('import.sameFile')}</Alert>}
        </Stack>
      </Card>

      {report && (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <ImportReportView report={report} />
            {!process.data && (
              <Group>
                <Button
                  onClick={() => process.mutate(report.uploadId)}
                  disabled={!valid}
                  loading={process.isPending}
                  data-testid="import-process"
                >
                  {t('import.process')}
                </Button>
                {!valid && (
                  <Text size="sm" c="dimmed">
                    {t('import.fixFirst')}
                  </Text>
                )}
              </Group>
            )}
          </Stack>
        </Card>
      )}
      {process.data && (
        <Card withBorder padding="lg">
          <ProcessReportView report={process.data} />
        </Card>
      )}
    </Stack>
  );
}
