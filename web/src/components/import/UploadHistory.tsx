import { Badge, Button, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Column } from '@/components/PagedTable';
import { formatDateTime } from '@/lib/format';

/** What every upload history row has, whatever the provider. */
export interface HistoryUpload {
  uploadId: string;
  filename: string;
  rowCount: number;
  status: string;
}

interface HistoryPage<T> {
  content?: T[];
  totalPages?: number;
  totalElements?: number;
}

const STATUS_COLORS: Record<string, string> = { UPLOADED: 'blue', VALIDATED: 'cyan', PARTIAL: 'yellow', PROCESSED: 'green' };

interface Props<T extends HistoryUpload> {
  /** The screen's namespace: it holds the history.*, report.rows and uploadStatus.* texts. */
  ns: 'vouchers' | 'nmbsInvoices' | 'providerUploads';
  testId: string;
  /** The query of the history's current page. */
  history: UseQueryResult<HistoryPage<T>>;
  page: number;
  onPageChange: (page: number) => void;
  onDownload: (u: T) => void;
  uploaded: (u: T) => { on: string; by: string };
  processed: (u: T) => { on?: string; by?: string };
  /** The process's result in words, '—' while unprocessed. */
  result: (u: T) => string;
  /** Columns after the file's (the company of a voucher file). */
  extraColumns?: Column<T>[];
}

/**
 * Earlier files of a provider, newest first: who uploaded and processed
 * them, when, the result, and the file to download again. Shared by the
 * provider-file screens (vouchers, Cambio), the provider uploads of each
 * kind and the NMBS invoices.
 */
export function UploadHistory<T extends HistoryUpload>(props: Props<T>) {
  const { ns, testId, history, page, onPageChange, onDownload, uploaded, processed, result, extraColumns = [] } = props;
  const { t } = useTranslation(ns);
  const columns: Column<T>[] = [
    {
      key: 'file',
      header: t('history.file'),
      render: (u) => (
        <Button variant="subtle" size="compact-sm" onClick={() => onDownload(u)} aria-label={t('history.download', { name: u.filename })}>
          {u.filename}
        </Button>
      ),
    },
    ...extraColumns,
    {
      key: 'uploaded',
      header: t('history.uploaded'),
      render: (u) => {
        const { on, by } = uploaded(u);
        return `${formatDateTime(on)} · ${by}`;
      },
    },
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
    { key: 'result', header: t('history.result'), render: result },
    {
      key: 'processed',
      header: t('history.processed'),
      render: (u) => {
        const { on, by } = processed(u);
        return on ? `${formatDateTime(on)} · ${by ?? ''}` : '—';
      },
    },
  ];
  return (
    <Stack gap="sm">
      <Title order={3}>{t('history.title')}</Title>
      <PagedTable
        testId={testId}
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
        onPageChange={onPageChange}
      />
    </Stack>
  );
}
