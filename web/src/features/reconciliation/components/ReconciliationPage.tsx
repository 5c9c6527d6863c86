import { Anchor, Badge, Button, Drawer, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Money } from '@/components/Money';
import { PagedTable, type Column } from '@/components/PagedTable';
import { PROVIDERS, STATUSES, useProblem, useProblems, type ReconciliationRow, type ReconciliationStatus } from '../api/reconciliation';
import { OverrideDialog } from './OverrideDialog';

const STATUS_COLORS: Record<ReconciliationStatus, string> = {
  MATCHED: 'green',
  MISMATCH: 'orange',
  MISSING_AT_PROVIDER: 'red',
  MISSING_AT_PLATFORM: 'blue', // grape's light badge reads 4.46:1 only (axe)
  RESOLVED: 'gray',
};

function StatusBadge({ status }: { status: ReconciliationStatus }) {
  const { t } = useTranslation('reconciliation');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** The month filter is yyyyMM; anything else is left out. */
const validMonth = (m: string) => (/^\d{4}(0[1-9]|1[0-2])$/.test(m) ? m : '');

/**
 * Backoffice reconciliation (platform staff): the provider bookings whose
 * amounts disagree, filtered by provider, status and month (kept in the
 * URL), a detail drawer per booking and the manual override.
 */
export default function ReconciliationPage() {
  const { t } = useTranslation('reconciliation');
  const [params, setParams] = useSearchParams();
  const provider = params.get('provider') ?? '';
  const status = params.get('status') ?? '';
  const month = validMonth(params.get('month') ?? '');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const open = params.get('booking');
  const [monthText, setMonthText] = useState(month);
  const problems = useProblems({ provider, status, month, page });

  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  const columns: Column<ReconciliationRow>[] = [
    {
      key: 'bookingId',
      header: t('columns.bookingId'),
      render: (r) => (
        <Anchor component="button" type="button" size="sm" onClick={() => set({ booking: r.bookingId, page: String(page) })}>
          {r.bookingId}
        </Anchor>
      ),
    },
    { key: 'provider', header: t('columns.provider'), render: (r) => t(`provider.${r.mrpOspId}`, { defaultValue: r.mrpOspId }) },
    { key: 'expected', header: t('columns.expected'), render: (r) => <Money cents={r.expectedAmount} /> },
    { key: 'actual', header: t('columns.actual'), render: (r) => <Money cents={r.actualAmount} /> },
    { key: 'status', header: t('columns.status'), render: (r) => <StatusBadge status={r.status} /> },
    { key: 'month', header: t('columns.month'), render: (r) => `${r.month.slice(4)}/${r.month.slice(0, 4)}` },
    { key: 'updated', header: t('columns.updated'), render: (r) => new Date(r.lastUpdatedOn).toLocaleString() },
  ];

  return (
    <Stack gap="md">
      <Title order={1}>{t('title')}</Title>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      <Group align="flex-end">
        <Select
          label={t('filters.provider')}
          placeholder={t('filters.allProviders')}
          clearable
          data={PROVIDERS.map((p) => ({ value: p, label: t(`provider.${p}`) }))}
          value={provider || null}
          onChange={(v) => set({ provider: v })}
          data-testid="filter-provider"
        />
        <Select
          label={t('filters.status')}
          placeholder={t('filters.allProblems')}
          clearable
          data={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          value={status || null}
          onChange={(v) => set({ status: v })}
          data-testid="filter-status"
        />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            set({ month: validMonth(monthText.trim()) || null });
          }}
        >
          <TextInput
            label={t('filters.month')}
            description={t('filters.monthHint')}
            value={monthText}
            onChange={(e) => setMonthText(e.currentTarget.value)}
            onBlur={() => set({ month: validMonth(monthText.trim()) || null })}
            error={monthText && !validMonth(monthText.trim()) ? t('filters.monthInvalid') : undefined}
            maxLength={6}
            data-testid="filter-month"
          />
        </form>
      </Group>
      <PagedTable
        columns={columns}
        rows={problems.data?.content}
        rowKey={(r) => r.bookingId}
        isLoading={problems.isLoading}
        isFetching={problems.isFetching}
        error={problems.error}
        onRetry={() => void problems.refetch()}
        emptyMessage={t('empty')}
        page={page}
        totalPages={problems.data?.totalPages}
        totalElements={problems.data?.totalElements}
        onPageChange={(p) => set({ page: String(p) })}
        testId="reconciliation-table"
      />
      <Drawer opened={!!open} onClose={() => set({ booking: null, page: String(page) })} position="right" title={t('detail.title', { bookingId: open ?? '' })}>
        {open && <ProblemDetail bookingId={open} />}
      </Drawer>
    </Stack>
  );
}

function ProblemDetail({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('reconciliation');
  const detail = useProblem(bookingId);
  const [deciding, setDeciding] = useState(false);
  if (detail.isLoading) return <Loader aria-label={t('detail.loading')} />;
  if (!detail.data) return <Text>{t('detail.notFound')}</Text>;
  const d = detail.data;
  const canDecide = !d.override && d.status !== 'MATCHED' && d.status !== 'RESOLVED';
  return (
    <Stack gap="md" data-testid="reconciliation-detail">
      <Table>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t('columns.provider')}</Table.Th>
            <Table.Td>{t(`provider.${d.mrpOspId}`, { defaultValue: d.mrpOspId })}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('columns.expected')}</Table.Th>
            <Table.Td>
              <Money cents={d.expectedAmount} />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('columns.actual')}</Table.Th>
            <Table.Td>
              <Money cents={d.actualAmount} />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('columns.status')}</Table.Th>
            <Table.Td>
              <StatusBadge status={d.status} />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('columns.currency')}</Table.Th>
            <Table.Td>{d.currency}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {d.override && (
        <Stack gap={4} data-testid="override-record">
          <Title order={3}>{t('detail.decided')}</Title>
          <Text size="sm">{t(`decision.${d.override.decision}`)}</Text>
          <Text size="sm">
            {t('detail.by', { name: d.override.decidedBy, when: new Date(d.override.decidedAt).toLocaleString() })}
          </Text>
          <Text size="sm">
            {t('detail.booked')}: <Money cents={d.override.bookedAmount} />
          </Text>
          <Text size="sm">“{d.override.remark}”</Text>
        </Stack>
      )}
      {canDecide && (
        <Group>
          <Button onClick={() => setDeciding(true)} data-testid="open-override">
            {t('override.open')}
          </Button>
        </Group>
      )}
      {deciding && <OverrideDialog row={d} onClose={() => setDeciding(false)} />}
    </Stack>
  );
}
