import { Alert, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ImportLineErrors } from '@/components/import/ImportLineErrors';
import { Money } from '@/components/Money';
import type { InvoiceCounts, InvoiceLine, InvoiceReport } from '../api/nmbsInvoices';

/** Badge colours per outcome: the light badges axe passes (reconciliation's set). */
const OUTCOME_COLORS: Record<string, string> = {
  MATCHED: 'blue',
  INVOICED: 'green',
  AMOUNT_DIFFERS: 'orange',
  UNKNOWN_ORDER: 'red',
  ALREADY_INVOICED: 'gray',
  DUPLICATE_IN_FILE: 'gray',
};

const COUNT_KEYS: (keyof InvoiceCounts)[] = ['matched', 'invoiced', 'amountDiffers', 'unknownOrder', 'alreadyInvoiced', 'duplicateInFile'];

/**
 * An invoice file's report (SPEC §8): the verdict, the counts per outcome,
 * the line errors (line, field, reason) of an invalid file, or each line's
 * outcome with the order's expected amount against the invoiced one.
 */
export function InvoiceReportView({ report, title }: { report: InvoiceReport; title: string }) {
  const { t } = useTranslation('nmbsInvoices');
  const differences = report.counts.amountDiffers + report.counts.unknownOrder + report.counts.duplicateInFile;
  const verdict = !report.valid ? 'invalid' : differences > 0 ? 'differences' : 'clean';
  const color = verdict === 'invalid' ? 'red' : verdict === 'differences' ? 'yellow' : 'green';
  return (
    <Stack gap="md" data-testid="nmbs-invoice-report">
      <Title order={4}>{title}</Title>
      <Alert color={color} data-testid="nmbs-invoice-report-status">
        {t(`report.verdict.${verdict}`, { count: verdict === 'invalid' ? report.errors.length : differences, month: report.invoiceMonth })}
      </Alert>
      <Group gap="lg">
        <Text size="sm">
          {t('report.rows')}: {report.rowCount}
        </Text>
        {report.valid && (
          <Text size="sm" data-testid="nmbs-invoice-report-counts">
            {COUNT_KEYS.filter((k) => report.counts[k] > 0)
              .map((k) => `${t(`counts.${k}`)}: ${report.counts[k]}`)
              .join(' · ')}
          </Text>
        )}
      </Group>
      <ImportLineErrors errors={report.errors} labels={{ line: t('report.line'), field: t('report.field'), reason: t('report.reason') }} />
      {report.lines.length > 0 && <LinesTable lines={report.lines} />}
    </Stack>
  );
}

function LinesTable({ lines }: { lines: InvoiceLine[] }) {
  const { t } = useTranslation('nmbsInvoices');
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped data-testid="nmbs-invoice-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={70}>{t('report.line')}</Table.Th>
            <Table.Th>{t('report.invoiceNumber')}</Table.Th>
            <Table.Th>{t('report.card')}</Table.Th>
            <Table.Th w={170}>{t('report.outcome')}</Table.Th>
            <Table.Th>{t('report.order')}</Table.Th>
            <Table.Th>{t('report.expected')}</Table.Th>
            <Table.Th>{t('report.invoiced')}</Table.Th>
            <Table.Th>{t('report.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.line}>
              <Table.Td>{line.line}</Table.Td>
              <Table.Td>{line.invoiceNumber}</Table.Td>
              <Table.Td>{line.cardNumber}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={OUTCOME_COLORS[line.outcome] ?? 'gray'}>
                  {t(`outcome.${line.outcome}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{line.orderId ?? '—'}</Table.Td>
              <Table.Td>{line.expectedAmount ? <Money cents={line.expectedAmount} /> : '—'}</Table.Td>
              <Table.Td>
                <Money cents={line.invoicedAmount} />
              </Table.Td>
              <Table.Td>{line.message ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
