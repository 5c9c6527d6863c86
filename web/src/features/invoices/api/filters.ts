import type { Sort } from '@/components/PagedTable';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import type { InvoiceFilter, InvoiceStatus } from './types';

// The list's filters as the URL keeps them (status=PAID,SENT&from=202601&
// to=202606&search=INV-2026) and as findByFilter takes them.

export const INVOICE_STATUSES: readonly InvoiceStatus[] = ['CREATED', 'SENT', 'PAID', 'INSUFFICIENT_PAYMENT', 'EXCESSIVE_PAYMENT'];
/** The server's bound on the number search (model.Filter). */
export const NUMBER_MAX_LENGTH = 30;
const MONTH = /^\d{4}(0[1-9]|1[0-2])$/;

export interface InvoiceFilterValues {
  statuses: InvoiceStatus[];
  /** yyyyMM or '' */
  monthFrom: string;
  monthTo: string;
  number: string;
}

/** The statuses of the URL's comma-separated list, unknown ones left out. */
export function parseStatuses(value: string): InvoiceStatus[] {
  return value.split(',').filter((s): s is InvoiceStatus => (INVOICE_STATUSES as readonly string[]).includes(s));
}

/** A month of the URL, '' unless it is a real yyyyMM. */
export function parseMonth(value: string): string {
  return MONTH.test(value) ? value : '';
}

/** SPEC §5: a range's end is not before its start; the "to" field says so. */
export function monthRangeInvalid(values: Pick<InvoiceFilterValues, 'monthFrom' | 'monthTo'>): boolean {
  return Boolean(values.monthFrom && values.monthTo && values.monthTo < values.monthFrom);
}

export interface ListPosition {
  page: number;
  sort: Sort | null;
  size?: number;
}

/**
 * The findByFilter body. An invalid month range sends no end month (the
 * field shows the error instead of the server's 400); a company user's
 * company comes from the session on the server, an MSP user's from the
 * selection (none: every company they reach).
 */
export function toInvoiceFilter(
  values: InvoiceFilterValues,
  scope: { corporateAccountOspId: string | null; selfBilling: boolean },
  position: ListPosition,
): InvoiceFilter {
  const number = values.number.trim().slice(0, NUMBER_MAX_LENGTH);
  return {
    ...(scope.selfBilling ? { selfBilling: true } : {}),
    ...(!scope.selfBilling && scope.corporateAccountOspId ? { corporateAccountOspId: scope.corporateAccountOspId } : {}),
    ...(values.statuses.length ? { statuses: values.statuses } : {}),
    ...(values.monthFrom ? { monthFrom: values.monthFrom } : {}),
    ...(values.monthTo && !monthRangeInvalid(values) ? { monthTo: values.monthTo } : {}),
    ...(number ? { number } : {}),
    pagination: {
      page: position.page,
      size: position.size ?? DEFAULT_PAGE_SIZE,
      ...(position.sort ? { sortOrders: [position.sort] } : {}),
    },
  };
}
