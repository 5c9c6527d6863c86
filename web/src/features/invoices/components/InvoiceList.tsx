import { Badge, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '@/components/list/PagedList';
import { useFilterParams, useListParams } from '@/components/list/listState';
import { Money } from '@/components/Money';
import type { Column } from '@/components/PagedTable';
import { API_MONTH_FORMAT } from '@/lib/constants';
import { formatDate, formatMonth } from '@/lib/format';
import {
  INVOICE_STATUSES,
  monthRangeInvalid,
  parseMonth,
  parseStatuses,
  toInvoiceFilter,
  type InvoiceFilterValues,
} from '../api/filters';
import { useInvoices } from '../api/invoices';
import type { Invoice, InvoicePage } from '../api/types';
import { BulkDownload } from './BulkDownload';
import { PayDialog } from './PayDialog';
import { RowActions, staffActionsFor, type StaffAction } from './RowActions';
import { CreditNoteDialog, SendDialog } from './StaffDialogs';
import { StatusBadge } from './StatusBadge';

interface Props {
  /** finance/self-billing-invoices: the partners' self-billing invoices, with no payments. */
  selfBilling: boolean;
  /** The company whose invoices are listed; null: every company the user reaches. */
  corporateAccountOspId: string | null;
  /** Platform staff: pay, credit note, send again. */
  staff: boolean;
}

/** yyyyMM ↔ the month picker's first-of-month date string. */
const toPickerValue = (month: string) => (month ? `${month.slice(0, 4)}-${month.slice(4, 6)}-01` : null);
const fromPickerValue = (value: string | null) => (value ? dayjs(value).format(API_MONTH_FORMAT) : '');

/**
 * The invoice list of finance/invoices and finance/self-billing-invoices:
 * its filters live in the URL (status, from, to, search, page, sort), the
 * number search follows 700 ms after the last keystroke, the table pages
 * and sorts on the server, and the totals row shows the sums over every
 * document the filters match.
 */
export function InvoiceList({ selfBilling, corporateAccountOspId, staff }: Props) {
  const { t } = useTranslation('invoices');
  const list = useListParams();
  const params = useFilterParams();
  const values: InvoiceFilterValues = {
    statuses: parseStatuses(params.get('status')),
    monthFrom: parseMonth(params.get('from')),
    monthTo: parseMonth(params.get('to')),
    number: list.search,
  };
  const rangeInvalid = monthRangeInvalid(values);
  const filter = toInvoiceFilter(values, { corporateAccountOspId, selfBilling }, { page: list.page, sort: list.sort });
  const query = useInvoices(filter);
  const [active, setActive] = useState<{ action: StaffAction; invoice: Invoice } | null>(null);
  const close = () => setActive(null);

  const columns = invoiceColumns({
    t,
    selfBilling,
    showCompany: !selfBilling && !corporateAccountOspId,
    page: query.data,
    actions: (invoice) => (
      <RowActions
        invoice={invoice}
        staffActions={staffActionsFor(invoice, staff)}
        onStaffAction={(action, row) => setActive({ action, invoice: row })}
      />
    ),
  });

  const filtered = Boolean(values.statuses.length || values.monthFrom || values.monthTo || values.number);
  return (
    <>
      <PagedList
        testId="invoices-table"
        query={query}
        list={list}
        sortable
        columns={columns}
        rowKey={(invoice) => invoice.ospId}
        emptyMessage={filtered ? t('emptyFiltered') : t('empty')}
        search={{ label: t('filters.number'), placeholder: t('filters.numberPlaceholder'), testId: 'invoice-number-filter' }}
        toolbar={
          <Group align="flex-start" gap="md" wrap="wrap" style={{ flex: 1 }}>
            <MultiSelect
              label={t('filters.status')}
              placeholder={values.statuses.length ? undefined : t('filters.allStatuses')}
              data={INVOICE_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
              value={values.statuses}
              onChange={(next) => params.setList('status', values.statuses, next)}
              clearable
              w={300}
              comboboxProps={{ withinPortal: true }}
              data-testid="invoice-status-filter"
            />
            <MonthPickerInput
              label={t('filters.monthFrom')}
              placeholder={t('filters.anyMonth')}
              value={toPickerValue(values.monthFrom)}
              onChange={(value) => params.set('from', fromPickerValue(value))}
              valueFormat="MM/YYYY"
              clearable
              clearButtonProps={{ 'aria-label': t('filters.clearMonthFrom') }}
              popoverProps={{ withinPortal: true }}
              w={170}
              data-testid="invoice-month-from"
            />
            <MonthPickerInput
              label={t('filters.monthTo')}
              placeholder={t('filters.anyMonth')}
              value={toPickerValue(values.monthTo)}
              onChange={(value) => params.set('to', fromPickerValue(value))}
              valueFormat="MM/YYYY"
              clearable
              clearButtonProps={{ 'aria-label': t('filters.clearMonthTo') }}
              popoverProps={{ withinPortal: true }}
              error={rangeInvalid ? t('filters.monthRange') : undefined}
              w={170}
              data-testid="invoice-month-to"
            />
            <Group ml="auto" mt={24}>
              <BulkDownload filter={filter} />
            </Group>
          </Group>
        }
      />
      {active?.action === 'pay' && <PayDialog invoice={active.invoice} opened onClose={close} />}
      {active?.action === 'creditNote' && <CreditNoteDialog invoice={active.invoice} onClose={close} />}
      {active?.action === 'send' && <SendDialog invoice={active.invoice} onClose={close} />}
    </>
  );
}

interface ColumnOptions {
  t: TFunction<'invoices'>;
  selfBilling: boolean;
  showCompany: boolean;
  page: InvoicePage | undefined;
  actions: (invoice: Invoice) => ReactNode;
}

/** The table's columns; the amounts carry the filter's sums in the totals row. */
function invoiceColumns({ t, selfBilling, showCompany, page, actions }: ColumnOptions): Column<Invoice>[] {
  const sum = (cents: number | undefined) => (cents === undefined ? undefined : <Money cents={cents} data-testid="invoice-sum" />);
  return [
    {
      key: 'number',
      header: t('columns.number'),
      sortProperty: 'number',
      footer: t('columns.totals'),
      render: (invoice) => (
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
              {invoice.number}
            </Text>
            {invoice.kind === 'CREDIT_NOTE' && (
              <Badge color="violet" variant="outline" size="sm" data-testid="credit-note-badge">
                {t('kinds.CREDIT_NOTE')}
              </Badge>
            )}
          </Group>
          {invoice.creditedInvoiceNumber && (
            <Text size="xs" c="dimmed">
              {t('credits', { number: invoice.creditedInvoiceNumber })}
            </Text>
          )}
          {invoice.creditNoteNumber && (
            <Text size="xs" c="dimmed">
              {t('creditedBy', { number: invoice.creditNoteNumber })}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'month', header: t('columns.month'), sortProperty: 'month', render: (invoice) => formatMonth(invoice.month) },
    { key: 'issueDate', header: t('columns.issueDate'), sortProperty: 'issueDate', render: (invoice) => formatDate(invoice.issueDate) },
    { key: 'dueDate', header: t('columns.dueDate'), render: (invoice) => formatDate(invoice.dueDate) },
    ...(selfBilling
      ? [{ key: 'partner', header: t('columns.partner'), render: (invoice: Invoice) => invoice.partnerName }]
      : showCompany
        ? [{ key: 'company', header: t('columns.company'), render: (invoice: Invoice) => invoice.corporateAccountName }]
        : []),
    {
      key: 'total',
      header: t('columns.total'),
      sortProperty: 'totalAmount',
      footer: sum(page?.totalAmountSum),
      render: (invoice) => <Money cents={invoice.totalAmount} />,
    },
    ...(selfBilling
      ? []
      : [
          {
            key: 'payable',
            header: t('columns.payable'),
            footer: sum(page?.payableAmountSum),
            render: (invoice: Invoice) => <Money cents={invoice.payableAmount} />,
          },
          {
            key: 'paid',
            header: t('columns.paid'),
            footer: sum(page?.paidAmountSum),
            render: (invoice: Invoice) => <Money cents={invoice.paidAmount} />,
          },
        ]),
    { key: 'status', header: t('columns.status'), sortProperty: 'status', render: (invoice) => <StatusBadge status={invoice.status} /> },
    {
      key: 'sending',
      header: t('columns.sending'),
      render: (invoice) =>
        invoice.peppolStatus === 'PENDING' ? (
          <Badge color="yellow" variant="light" data-testid="peppol-pending">
            {t('sending.peppolPending')}
          </Badge>
        ) : (
          t(`sending.${invoice.sendingMethod}`, { defaultValue: invoice.sendingMethod })
        ),
    },
    { key: 'actions', header: t('columns.actions'), hideHeader: true, render: actions },
  ];
}
