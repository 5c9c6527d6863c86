import { Alert, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ImportLineErrors } from '@/components/import/ImportLineErrors';
import type { ProviderLine, ProviderReport } from '../api/providerFiles';

const STATUS_COLORS: Record<string, string> = {
  BOOKABLE: 'blue',
  BOOKED: 'green',
  ALREADY_PROCESSED: 'gray',
  FAILED: 'red',
};

/**
 * A provider file's report (SPEC §8): the verdict, the counts of booked,
 * already processed and failed lines, the line errors (line, field,
 * reason) of an invalid file, or what happened to each line.
 */
export function ProviderReportView({ report, title }: { report: ProviderReport; title: string }) {
  const { t } = useTranslation('vouchers');
  const color = report.status === 'invalid' ? 'red' : report.status === 'partial' ? 'yellow' : 'green';
  return (
    <Stack gap="md" data-testid="provider-report">
      <Title order={4}>{title}</Title>
      <Alert color={color} data-testid="provider-report-status">
        {t(`report.status.${report.status}`, { count: report.errors.length, failed: report.failed })}
      </Alert>
      <Group gap="lg">
        <Text size="sm" data-testid="provider-report-rows">
          {t('report.rows')}: {report.rowCount}
        </Text>
        {report.status !== 'invalid' && report.status !== 'valid' && (
          <Text size="sm" data-testid="provider-report-counts">
            {t('report.counts', { booked: report.booked, already: report.alreadyProcessed, failed: report.failed })}
          </Text>
        )}
      </Group>
      <ImportLineErrors errors={report.errors} labels={{ line: t('report.line'), field: t('report.field'), reason: t('report.reason') }} />
      {report.lines.length > 0 && <LinesTable lines={report.lines} />}
    </Stack>
  );
}

function LinesTable({ lines }: { lines: ProviderLine[] }) {
  const { t } = useTranslation('vouchers');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped data-testid="provider-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>{t('report.line')}</Table.Th>
            <Table.Th>{t('report.key')}</Table.Th>
            <Table.Th w={180}>{t('report.lineStatus')}</Table.Th>
            <Table.Th>{t('report.reason')}</Table.Th>
            <Table.Th>{t('report.bookingId')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.line}>
              <Table.Td>{line.line}</Table.Td>
              <Table.Td>{line.key}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLORS[line.status] ?? 'gray'}>
                  {t(`lineStatus.${line.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{line.reason || '—'}</Table.Td>
              <Table.Td>{line.bookingId || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
