import { Alert, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ImportLineErrors } from '@/components/import/ImportLineErrors';
import type { ImportReport } from '@/lib/api/types';
import { Figure } from './Figure';

/** The validation report: what would happen, and every line error with its field and reason. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { t } = useTranslation('users');
  const valid = report.status === 'valid';
  return (
    <Stack gap="md" data-testid="import-report">
      <Title order={4}>{t('import.report.title')}</Title>
      <Alert color={valid ? 'green' : 'red'} data-testid="import-status">
        {valid ? t('import.report.valid') : t('import.report.invalid', { count: report.errors.length })}
      </Alert>
      <Group gap="xl">
        <Figure label={t('import.report.rows')} value={report.rowCount} />
        <Figure label={t('import.report.toCreate')} value={report.toCreate} />
        <Figure label={t('import.report.toUpdate')} value={report.toUpdate} />
        <Figure label={t('import.report.skipped')} value={report.skipped} />
        <Figure label={t('import.report.alreadyProcessed')} value={report.alreadyProcessed} />
      </Group>
      <ImportLineErrors
        errors={report.errors}
        labels={{ line: t('import.report.line'), field: t('import.report.field'), reason: t('import.report.reason') }}
      />
    </Stack>
  );
}
