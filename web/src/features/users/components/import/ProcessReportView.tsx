import { Alert, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProcessReport } from '@/lib/api/types';
import { Figure } from './Figure';

export function ProcessReportView({ report }: { report: ProcessReport }) {
  const { t } = useTranslation('users');
  return (
    <Stack gap="md" data-testid="process-report">
      <Title order={4}>{t('import.result.title')}</Title>
      <Alert color="green">{t('import.result.done')}</Alert>
      <Group gap="xl">
        <Figure label={t('import.result.created')} value={report.created} />
        <Figure label={t('import.result.updated')} value={report.updated} />
        <Figure label={t('import.result.skipped')} value={report.skipped} />
        <Figure label={t('import.result.alreadyProcessed')} value={report.alreadyProcessed} />
      </Group>
    </Stack>
  );
}
