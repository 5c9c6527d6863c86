import { Alert, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
      {report.errors.length > 0 && (
        <Table striped data-testid="import-errors">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>{t('import.report.line')}</Table.Th>
              <Table.Th w={200}>{t('import.report.field')}</Table.Th>
              <Table.Th>{t('import.report.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.errors.map((error, index) => (
              <Table.Tr key={`${error.line}-${error.field}-${index}`}>
                <Table.Td>{error.line}</Table.Td>
                <Table.Td>{error.field || '—'}</Table.Td>
                <Table.Td>
                  {error.messages.map((message) => (
                    <Text size="sm" key={message}>
                      {message}
                    </Text>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
