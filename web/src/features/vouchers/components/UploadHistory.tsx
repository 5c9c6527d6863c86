import { Badge, Button, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Column } from '@/components/PagedTable';
import { formatDateTime } from '@/lib/format';
import { downloadProviderFile, useProviderHistory, type ProviderKind, type ProviderUpload } from '../api/providerFiles';

const STATUS_COLORS: Record<string, string> = { UPLOADED: 'blue', PARTIAL: 'yellow', PROCESSED: 'green' };

/** Earlier files of a kind, newest first: who, when, the result, and the file to download again. */
export function UploadHistory({ kind }: { kind: ProviderKind }) {
  const { t } = useTranslation('vouchers');
  const [page, setPage] = useState(1);
  const history = useProviderHistory(kind, page);
  const columns: Column<ProviderUpload>[] = [
    {
      key: 'file',
      header: t('history.file'),
      render: (u) => (
        <Button variant="subtle" size="compact-sm" onClick={() => void downloadProviderFile(kind, u)} aria-label={t('history.download', { name: u.filename })}>
          {u.filename}
        </Button>
      ),
    },
    ...(kind === 'VOUCHER' ? [{ key: 'company', header: t('history.company'), render: (u: ProviderUpload) => u.corporateAccountName ?? '—' }] : []),
    { key: 'uploaded', header: t('history.uploaded'), render: (u) => `${formatDateTime(u.createdAt)} · ${u.createdBy}` },
    { key: 'rows', header: t('report.rows'), render: (u) => u.rowCount },
    {
      key: 'status',
      header: t('history.status'),
      render: (u) => (
        <Badge variant="light" color={STATUS_COLORS[u.status] ?? 'gray'}>
          {t(`uploadStatus.${u.status}`)}
        </Badge>
      ),
    },
    {
      key: 'result',
      header: t('history.result'),
      render: (u) =>
        u.report ? t('report.counts', { booked: u.report.booked, already: u.report.alreadyProcessed, failed: u.report.failed }) : '—',
    },
    { key: 'processed', header: t('history.processed'), render: (u) => (u.processedAt ? `${formatDateTime(u.processedAt)} · ${u.processedBy ?? ''}` : '—') },
  ];
  return (
    <Stack gap="sm">
      <Title order={3}>{t('history.title')}</Title>
      <PagedTable
        testId="provider-history"
        columns={columns}
        rows={history.data?.content}
        rowKey={(u) => u.uploadId}
        isLoading={history.isPending}
        isFetching={history.isFetching}
        error={history.error}
        onRetry={() => void history.refetch()}
        emptyMessage={t('history.empty')}
        page={page}
        totalPages={history.data?.totalPages}
        totalElements={history.data?.totalElements}
        onPageChange={setPage}
      />
    </Stack>
  );
}
