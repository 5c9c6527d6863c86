import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ErrorState } from '@/components/ErrorState';
import { Money } from '@/components/Money';
import { PageLoader } from '@/components/PageLoader';
import { formatDate, formatDateTime } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { namedRoutes } from '@/lib/routes';
import { useEmailReceipt } from '../api/emailReceipt';
import { useExpense } from '../api/getExpense';
import { CorrectDialog, RefundDialog } from './CorrectionDialogs';

/** A quantity of a resource's unit, with the language's decimal mark (at most 3 decimals). */
function formatQuantity(quantity: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(quantity);
}

/**
 * manage/app-users/{userOspId}/expenses/{eventOspId} (with correct and
 * refund) and finance/transaction-details/{eventOspId} (readOnly: the expense
 * behind a transaction).
 */
export default function ExpenseDetailPage({ readOnly = false }: { readOnly?: boolean }) {
  const { t, i18n } = useTranslation('expenses');
  const { eventOspId = '' } = useParams();
  const expense = useExpense(eventOspId);
  const [dialog, setDialog] = useState<'correct' | 'refund' | null>(null);
  const receipt = useEmailReceipt();

  if (expense.isPending) return <PageLoader />;
  if (expense.isError) return <ErrorState error={expense.error} onRetry={() => void expense.refetch()} />;
  const e = expense.data;
  const yes = (v: boolean) => (v ? t('yes') : t('no'));
  const rows: [string, ReactNode][] = [
    [t('fields.bookingId'), e.bookingId],
    [t('fields.date'), formatDate(e.date)],
    [t('fields.user'), e.userFullName],
    [t('fields.budget'), t(`budgetTypes.${e.budgetType}`, { defaultValue: e.budgetType })],
    [t('fields.amount'), <Money key="a" cents={e.amount} />],
    [t('fields.netAmount'), <Money key="n" cents={e.netAmount} fw={700} data-testid="expense-net" />],
    [t('fields.vatPercentage'), `${e.vatPercentage} %`],
    [t('fields.amountExclVat'), <Money key="x" cents={e.amountExclVat} />],
    [t('fields.mobilityMode'), t(`modes.${e.mobilityMode}`, { defaultValue: e.mobilityMode })],
    [t('fields.resource'), <span key="r" data-testid="expense-resource-name">{e.resourceName ?? '—'}</span>],
    [t('fields.provider'), e.providerName ?? '—'],
    [t('fields.quantity'), e.quantity === null ? '—' : formatQuantity(e.quantity, i18n.language)],
    [t('fields.usageReason'), e.usageReason || '—'],
    [t('fields.externalReference'), e.externalReference || '—'],
    [t('fields.eventOspId'), e.eventOspId],
    [t('fields.identificationField'), e.identificationField || '—'],
    [t('fields.userContractId'), e.userContractId || '—'],
    [t('fields.corporateContract'), e.corporateContractType ?? (e.corporateAccountExtId || '—')],
    [t('fields.notBilled'), yes(e.notBilled)],
    [t('fields.settled'), yes(e.settled)],
    [t('fields.createdOn'), formatDateTime(e.createdOn)],
  ];

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={namedRoutes.AppUserTab(e.userOspId, 'expenses')} size="sm">
        ← {t('backToUser')}
      </Anchor>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2}>{e.description}</Title>
          {e.recurrenceOspId && (
            <Badge variant="light" component={Link} to={namedRoutes.RecurringExpense(e.recurrenceOspId)} style={{ cursor: 'pointer' }}>
              {t('kind.recurring')}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <Button variant="light" loading={receipt.isPending} onClick={() => receipt.mutate(e.ospId, { onSuccess: () => notifySuccess(t('receiptSent')) })}>
            {t('actions.emailReceipt')}
          </Button>
          {!readOnly && (
            <>
              <Button variant="light" onClick={() => setDialog('correct')} data-testid="open-correct">
                {t('actions.correct')}
              </Button>
              <Button variant="light" color="orange" onClick={() => setDialog('refund')} disabled={e.netAmount <= 0} data-testid="open-refund">
                {t('actions.refund')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
          {rows.map(([label, value]) => (
            <Group key={label} gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed" w={200}>
                {label}
              </Text>
              <Text size="sm" component="div">
                {value}
              </Text>
            </Group>
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder padding="md">
        <Title order={4} mb="sm">
          {t('corrections.title')}
        </Title>
        {e.corrections.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('corrections.empty')}
          </Text>
        ) : (
          <Table data-testid="corrections">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.date')}</Table.Th>
                <Table.Th>{t('corrections.kind')}</Table.Th>
                <Table.Th>{t('fields.amount')}</Table.Th>
                <Table.Th>{t('fields.remark')}</Table.Th>
                <Table.Th>{t('corrections.by')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {e.corrections.map((c) => (
                <Table.Tr key={c.ospId}>
                  <Table.Td>{formatDateTime(c.createdOn)}</Table.Td>
                  <Table.Td>{c.amount > 0 ? t('correct.add') : t('correct.refund')}</Table.Td>
                  <Table.Td>
                    <Money cents={c.amount} />
                  </Table.Td>
                  <Table.Td>{c.remark}</Table.Td>
                  <Table.Td>{c.createdBy}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      {!readOnly && (
        <>
          <CorrectDialog expense={e} opened={dialog === 'correct'} onClose={() => setDialog(null)} />
          {dialog === 'refund' && <RefundDialog expense={e} opened onClose={() => setDialog(null)} />}
        </>
      )}
    </Stack>
  );
}
