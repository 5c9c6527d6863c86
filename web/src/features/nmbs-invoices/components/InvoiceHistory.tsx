import { Badge, Button, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Column } from '@/components/PagedTable';
import { formatDateTime } from '@/lib/format';
import { downloadInvoiceFile, useInvoiceHistory, type InvoiceProvider, type InvoiceUpload } from '../api/nmbsInvoices';

const STATUS_COLORS: Record<string, string> = { UPLOADED: 'blue', PROCESSED: 'green' };

/** The company's earlier files of a provider, newest first: who, when, the result, and the file to download again. */
export function InvoiceHistory({ provider, corporateAccountOspId }: { provider: InvoiceProvider; corporateAccountOspId: string }) {
  const { t } = useTranslation('nmbsInvoices');
  const [page, setPage] = useState(1);
  const history = useInvoiceHistory(corporateAccountOspId, provider, page);
  const columns: Column<InvoiceUpload>[] = [
    {
      key: 'file',
      header: t('history.file'),
      render: (u) => (
        <Button variant="subtle" size="compact-sm" onClick={() => void downloadInvoiceFile(u)} aria-label={t('history.download', { name: u.filename })}>
          {u.filename}
        </Button>
      ),
    },
    { key: 'uploaded', header: t('history.uploaded'), render: (u) => `${formatDateTime(u.uploadedOn)} · ${u.uploadedBy}` },
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
        u.counts
          ? t('history.counts', {
              invoiced: u.counts.invoiced,
              differs: u.counts.amountDiffers,
              unknown: u.counts.unknownOrder,
              already: u.counts.alreadyInvoiced + u.counts.duplicateInFile,
            })
          : '—',
    },
    { key: 'processed', header: t('history.processed'), render: (u) => (u.processedOn ? `${formatDateTime(u.processedOn)} · ${u.processedBy ?? ''}` : '—') },
  ];
  return (
    <Stack gap="sm">
      <Title order={3}>{t('history.title')}</Title>
      <PagedTable
        testId="nmbs-invoice-history"
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
