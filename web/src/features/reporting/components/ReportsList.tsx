import { Button, Group, Select } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '@/components/list/PagedList';
import { useListState } from '@/components/list/listState';
import type { Column } from '@/components/PagedTable';
import { API_MONTH_FORMAT, DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { formatDateTime, formatMonth } from '@/lib/format';
import { useDownloadReport, useReports, useReportTypes, type Report, type ReportFormat } from '../api/reports';

interface Props {
  /** The company whose reports are listed; null: every company the user sees (MSP users, platform staff). */
  corporateAccountOspId: string | null;
  /** The company filter (MSP users and platform staff), composed in by the route. */
  companyFilter?: ReactNode;
  /** Show the company column (users who see several companies). */
  showCompany: boolean;
}

/**
 * The generated reports (SPEC §2 Reporting), newest month first, filtered
 * by type, month and company, each downloadable as XLSX or CSV with the
 * SPEC §8 download messages.
 */
export function ReportsList({ corporateAccountOspId, companyFilter, showCompany }: Props) {
  const { t } = useTranslation('reporting');
  const list = useListState();
  const [reportType, setReportType] = useState<string | null>(null);
  const [month, setMonth] = useState<string | null>(null);
  const types = useReportTypes();
  const download = useDownloadReport();
  const [busy, setBusy] = useState<string | null>(null);

  const query = useReports({
    ...(reportType ? { reportType } : {}),
    ...(month ? { reportMonth: dayjs(month).format(API_MONTH_FORMAT) } : {}),
    ...(corporateAccountOspId ? { corporateAccountOspId } : {}),
    pagination: { page: list.page, size: DEFAULT_PAGE_SIZE },
  });

  const typeLabel = (type: string) => t(`types.${type}`, { defaultValue: type });

  const start = (report: Report, format: ReportFormat) => {
    setBusy(`${report.ospId}-${format}`);
    download.mutate(
      { report, format, messages: { started: t('download.started'), long: t('download.long') } },
      { onSettled: () => setBusy(null) },
    );
  };

  const columns: Column<Report>[] = [
    { key: 'type', header: t('list.type'), render: (r) => typeLabel(r.reportType) },
    { key: 'month', header: t('list.month'), render: (r) => formatMonth(r.reportPeriod || r.reportMonth) },
    ...(showCompany ? [{ key: 'company', header: t('list.company'), render: (r: Report) => r.corporateAccountName }] : []),
    { key: 'created', header: t('list.createdOn'), render: (r) => formatDateTime(r.createdOn) },
    { key: 'rows', header: t('list.rows'), render: (r) => r.rowCount },
    {
      key: 'download',
      header: t('list.download'),
      hideHeader: true,
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          {(['xlsx', 'csv'] as const).map((format) => (
            <Button
              key={format}
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} aria-hidden />}
              loading={busy === `${r.ospId}-${format}`}
              onClick={() => start(r, format)}
              aria-label={t('list.downloadAs', { format: format.toUpperCase(), type: typeLabel(r.reportType), month: formatMonth(r.reportMonth) })}
              data-testid={`download-${format}`}
            >
              {format.toUpperCase()}
            </Button>
          ))}
        </Group>
      ),
    },
  ];

  return (
    <PagedList
      query={query}
      list={list}
      columns={columns}
      rowKey={(r) => r.ospId}
      emptyMessage={t('list.empty')}
      testId="reports-table"
      toolbar={
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={t('list.type')}
            placeholder={t('list.allTypes')}
            data={(types.data ?? []).map((type) => ({ value: type.reportType, label: typeLabel(type.reportType) }))}
            value={reportType}
            onChange={(value) => {
              setReportType(value);
              list.setPage(1);
            }}
            clearable
            clearButtonProps={{ 'aria-label': t('list.clearType'), 'aria-hidden': false, tabIndex: 0 }}
            w={300}
            comboboxProps={{ withinPortal: true }}
            data-testid="report-type-filter"
          />
          <MonthPickerInput
            label={t('list.month')}
            placeholder={t('list.allMonths')}
            value={month}
            onChange={(value) => {
              setMonth(value);
              list.setPage(1);
            }}
            maxDate={new Date()}
            valueFormat="MM/YYYY"
            clearable
            clearButtonProps={{ 'aria-label': t('list.clearMonth') }}
            popoverProps={{ withinPortal: true }}
            w={180}
            data-testid="report-month-filter"
          />
          {companyFilter}
        </Group>
      }
    />
  );
}
