import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { NotFoundPage } from '@/components/NotFoundPage';
import { ImportLineErrors } from '@/components/import/ImportLineErrors';
import { UploadFlow } from '@/components/import/UploadFlow';
import { UploadHistory } from '@/components/import/UploadHistory';
import type { ProviderHistoryRow, ProviderReport } from '@/lib/api/types';
import { IMPORT_MAX_ROWS } from '@/lib/constants';
import {
  useDownloadProviderTemplate,
  useDownloadProviderUpload,
  useProcessProviderUpload,
  useProviderUploadHistory,
  useUploadProviderFile,
  useValidateProviderUpload,
} from '../api/providerUploads';
import { LineResults } from './LineResults';
import { ACCEPT, tabOf, type UploadTab } from './uploadKinds';

/** uploads/{kind}: one kind's upload, validation report, process and history. */
export default function UploadKindTab() {
  const { kind } = useParams();
  const tab = tabOf(kind);
  if (!tab) return <NotFoundPage />;
  // a fresh state per kind: switching tabs starts over
  return <KindUploads key={tab.kind} tab={tab} />;
}

function KindUploads({ tab }: { tab: UploadTab }) {
  const { t } = useTranslation('providerUploads');
  const upload = useUploadProviderFile();
  const validate = useValidateProviderUpload();
  const process = useProcessProviderUpload();
  const template = useDownloadProviderTemplate();
  const lineLabels = { line: t('lines.line'), field: t('report.field'), reason: t('lines.reason') };

  return (
    <Stack gap="lg" pt="md">
      <UploadFlow
        upload={upload}
        validate={validate}
        process={process}
        variables={(file: File) => ({ kind: tab.kind, file })}
        intro={
          <>
            <Text size="sm">{t(`help.${tab.kind}`)}</Text>
            <Text size="sm">{t('intro.rules', { max: IMPORT_MAX_ROWS, format: tab.format.toUpperCase() })}</Text>
            <Group>
              <Button
                variant="light"
                size="xs"
                loading={template.isPending}
                onClick={() => template.mutate({ kind: tab.kind, filename: `template-${tab.path}.${tab.format}` })}
                data-testid="upload-template"
              >
                {t('template')}
              </Button>
            </Group>
          </>
        }
        accept={ACCEPT[tab.format]}
        labels={{
          steps: { upload: t('steps.upload'), validate: t('steps.validate'), process: t('steps.process') },
          file: t('file'),
          filePlaceholder: t('filePlaceholder', { format: tab.format.toUpperCase() }),
          upload: t('upload'),
          process: t('process'),
          fixFirst: t('report.fixFirst'),
        }}
        testIds={{ file: 'upload-file', upload: 'upload-submit', process: 'upload-process', result: 'upload-result' }}
        isValid={(report) => report.valid}
        isDone={(result) => result.valid}
        renderReport={(report) => (
          <Stack gap="md" data-testid="upload-report">
            <Title order={3} size="h4">
              {t('report.title')}
            </Title>
            <ReportSummary report={report} />
            <ImportLineErrors errors={report.errors} labels={lineLabels} />
            <LineResults lines={report.lines} testId="upload-report-lines" />
          </Stack>
        )}
        renderResult={(result) => (
          <Stack gap="md">
            <Title order={3} size="h4">
              {t('result.title')}
            </Title>
            <ReportSummary report={result} />
            <ImportLineErrors errors={result.errors} labels={lineLabels} />
            <LineResults lines={result.lines} testId="upload-result-lines" />
          </Stack>
        )}
      />
      <History tab={tab} />
    </Stack>
  );
}

/** The counts of a report: valid or not, and the lines per outcome. */
function ReportSummary({ report }: { report: ProviderReport }) {
  const { t } = useTranslation('providerUploads');
  const c = report.counts;
  return (
    <Stack gap="xs">
      <Alert color={report.valid ? 'green' : 'red'} data-testid="upload-status">
        {report.valid ? t('report.valid', { rows: report.rowCount }) : t('report.invalid', { count: report.errors.length })}
      </Alert>
      <Group gap="xs" data-testid="upload-counts">
        {report.status !== 'PROCESSED' && <Badge variant="light">{t('counts.ready', { count: c.ready })}</Badge>}
        {report.status === 'PROCESSED' && (
          <Badge color="green" variant="light">
            {t('counts.booked', { count: c.booked })}
          </Badge>
        )}
        <Badge color="gray" variant="light">
          {t('counts.skipped', { count: c.skipped })}
        </Badge>
        <Badge color="gray" variant="light">
          {t('counts.alreadyProcessed', { count: c.alreadyProcessed })}
        </Badge>
        <Badge color="red" variant="light">
          {t('counts.failed', { count: c.failed })}
        </Badge>
      </Group>
    </Stack>
  );
}

/** The kind's earlier uploads with their last result and the original file. */
function History({ tab }: { tab: UploadTab }) {
  const { t } = useTranslation('providerUploads');
  const [page, setPage] = useState(1);
  const history = useProviderUploadHistory(tab.kind, page);
  const download = useDownloadProviderUpload();
  return (
    <UploadHistory<ProviderHistoryRow>
      ns="providerUploads"
      testId="upload-history"
      history={history}
      page={page}
      onPageChange={setPage}
      onDownload={(row) => download.mutate({ uploadId: row.uploadId, filename: row.filename })}
      uploaded={(row) => ({ on: row.uploadedOn, by: row.uploadedBy })}
      processed={(row) => ({ on: row.processedOn ?? undefined, by: row.processedBy ?? undefined })}
      result={(row) =>
        row.counts
          ? t('history.counts', {
              booked: row.counts.booked,
              skipped: row.counts.skipped,
              already: row.counts.alreadyProcessed,
              failed: row.counts.failed,
            })
          : '—'
      }
    />
  );
}
