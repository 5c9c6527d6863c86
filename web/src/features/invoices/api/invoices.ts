import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { ApiError, ErrorLabel } from '@/lib/api/errors';
import { api } from '@/lib/api/typed';
import type { MoneyCall } from '@/lib/api/idempotency';
import { saveBlob, withDownloadProgress, type DownloadMessages, type DownloadNotifier } from '@/lib/download';
import type { CreditNoteRequest, Invoice, InvoiceDetail, InvoiceFilter, InvoicePage, PayRequest } from './types';

// The invoice calls (SPEC §7 Invoices): the list, payments, credit notes,
// sending, and the documents with SPEC §8's download messages.

const BASE = '/portal-service/v1/invoice';

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (filter: InvoiceFilter) => [...invoiceKeys.all, 'list', filter] as const,
};

export function findInvoices(filter: InvoiceFilter, signal?: AbortSignal): Promise<InvoicePage> {
  return api.post('/portal-service/v1/invoice/findByFilter', { body: filter, signal });
}

export function useInvoices(filter: InvoiceFilter) {
  return useQuery({
    queryKey: invoiceKeys.list(filter),
    queryFn: ({ signal }) => findInvoices(filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every change to an invoice changes the list's rows and its totals. */
function useInvoiceMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: invoiceKeys.all }) });
}

export function payInvoice({ body, idempotencyKey }: MoneyCall<PayRequest>): Promise<InvoiceDetail> {
  return api.post('/portal-service/v1/invoice/pay', { body, idempotencyKey });
}

export const usePayInvoice = () => useInvoiceMutation(payInvoice);

export function creditInvoice({ body, idempotencyKey }: MoneyCall<CreditNoteRequest>): Promise<InvoiceDetail> {
  return api.post('/portal-service/v1/invoice/creditNote', { body, idempotencyKey });
}

export const useCreditInvoice = () => useInvoiceMutation(creditInvoice);

export function sendInvoice(ospId: string): Promise<unknown> {
  return apiRequest(`${BASE}/send`, { method: 'POST', body: { ospId } });
}

export const useSendInvoice = () => useInvoiceMutation(sendInvoice);

/** One document's files: the PDF, its Peppol UBL and the detail CSV behind it. */
export type DocumentFormat = 'pdf' | 'xml' | 'csv';
export const DOCUMENT_FORMATS: readonly DocumentFormat[] = ['pdf', 'xml', 'csv'];

const DOCUMENT_PATHS: Record<DocumentFormat, string> = {
  pdf: `${BASE}/download/pdf`,
  xml: `${BASE}/xml`,
  csv: `${BASE}/detail/csv`,
};

/** The server's label for an invoice without detail rows (SPEC §8's message). */
export const DETAIL_MISSING_LABEL = 'INVOICE_DETAIL_NOT_FOUND';

export function fetchDocument(invoice: Pick<Invoice, 'ospId'>, format: DocumentFormat): Promise<Blob> {
  return apiRequest(`${DOCUMENT_PATHS[format]}/${encodeURIComponent(invoice.ospId)}`, {
    method: 'GET',
    responseType: 'blob',
    // The detail CSV's 404 is told by the screen with SPEC §8's own text.
    ignoreErrors: format === 'csv' ? [ErrorLabel.NOT_FOUND, DETAIL_MISSING_LABEL] : undefined,
  });
}

/** A document's file name: its number (credit notes have their own), safe for any file system. */
export function documentFileName(invoice: Pick<Invoice, 'number'>, format: DocumentFormat): string {
  const suffix = format === 'csv' ? '-detail' : '';
  return `${invoice.number}${suffix}.${format}`.replace(/[^\w.-]/g, '_');
}

export interface DocumentDownload {
  invoice: Pick<Invoice, 'ospId' | 'number'>;
  format: DocumentFormat;
  messages: DownloadMessages;
}

/**
 * Downloads one document with the SPEC §8 messages and saves it. Answers
 * 'noDetail' when the detail CSV does not exist (the server's 404), which
 * the screen tells in SPEC §8's words.
 */
export async function downloadDocument(
  { invoice, format, messages }: DocumentDownload,
  notifier?: DownloadNotifier,
  save: (blob: Blob, name: string) => void = saveBlob,
): Promise<'saved' | 'noDetail'> {
  try {
    const blob = await withDownloadProgress(() => fetchDocument(invoice, format), messages, notifier);
    save(blob, documentFileName(invoice, format));
    return 'saved';
  } catch (error) {
    if (format === 'csv' && error instanceof ApiError && error.status === 404) return 'noDetail';
    throw error;
  }
}

export function useDownloadDocument() {
  return useMutation({ mutationFn: (variables: DocumentDownload) => downloadDocument(variables) });
}

/** What the filtered list can be downloaded as: a ZIP of each document's file, or the list itself. */
export type BulkFormat = DocumentFormat | 'xlsx';
export const BULK_FORMATS: readonly BulkFormat[] = ['pdf', 'xml', 'csv', 'xlsx'];

export function fetchBulk(filter: InvoiceFilter, format: BulkFormat): Promise<Blob> {
  const path = format === 'xlsx' ? `${BASE}/download/xlsx` : `${BASE}/downloadByFilter/${format}`;
  return apiRequest(path, { method: 'POST', body: filter, responseType: 'blob' });
}

export function bulkFileName(format: BulkFormat, selfBilling: boolean): string {
  const base = selfBilling ? 'self-billing-invoices' : 'invoices';
  return format === 'xlsx' ? `${base}.xlsx` : `${base}-${format}.zip`;
}

export interface BulkDownload {
  filter: InvoiceFilter;
  format: BulkFormat;
  messages: DownloadMessages;
}

export async function downloadBulk(
  { filter, format, messages }: BulkDownload,
  notifier?: DownloadNotifier,
  save: (blob: Blob, name: string) => void = saveBlob,
): Promise<void> {
  const blob = await withDownloadProgress(() => fetchBulk(filter, format), messages, notifier);
  save(blob, bulkFileName(format, Boolean(filter.selfBilling)));
}

export function useDownloadBulk() {
  return useMutation({ mutationFn: (variables: BulkDownload) => downloadBulk(variables) });
}
