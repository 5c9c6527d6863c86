import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UploadFlow } from '@/components/import/UploadFlow';
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
  const upload = useUploadProviderFile(kind);
  const validate = useValidateProviderFile(kind);
  const process = useProcessProviderFile(kind);

  return (
    <Stack gap="lg">
      <UploadFlow
        upload={upload}
        validate={validate}
        process={process}
        variables={(file: File) => ({ file, corporateAccountOspId })}
        intro={
          <>
            <Text size="sm">{t(`kinds.${kind}.intro`, { max: IMPORT_MAX_ROWS })}</Text>
            <Text size="sm">
              {t('upload.columns')} <Code data-testid="provider-columns">{KINDS[kind].columns.join(';')}</Code>
            </Text>
            <Group>
              <Button variant="light" size="xs" onClick={() => void downloadProviderTemplate(kind)} data-testid="provider-template">
                {t('upload.template')}
              </Button>
            </Group>
          </>
        }
        accept=".csv,text/csv"
        labels={{
          steps: { upload: t('upload.steps.upload'), validate: t('upload.steps.validate'), process: t('upload.steps.process') },
          file: t('upload.file'),
          filePlaceholder: t('upload.filePlaceholder'),
          upload: t('upload.upload'),
          process: t('upload.process'),
          fixFirst: t('upload.fixFirst'),
        }}
        testIds={{ file: 'provider-file', upload: 'provider-upload', process: 'provider-process', result: 'provider-process-report' }}
        isValid={(report) => report.status === 'valid'}
        renderReport={(report) => <ProviderReportView report={report} title={t('report.validateTitle')} />}
        renderResult={(result) => <ProviderReportView report={result} title={t('report.processTitle')} />}
      />
      <UploadHistory kind={kind} />
    </Stack>
  );
}
