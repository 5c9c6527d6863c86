import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/errors';
import { api } from '@/lib/api/typed';
import type { MoneyCall } from '@/lib/api/idempotency';
import { saveBlob, withDownloadProgress, type DownloadMessages, type DownloadNotifier } from '@/lib/download';
import type { CreditNoteRequest, Invoice, InvoiceDetail, InvoiceFilter, InvoicePage, PayRequest } from './types';

// The invoice calls (SPEC §7 Invoices): the list, payments, credit notes,
// sending, and the documents with SPEC §8's download messages.

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

export function sendInvoice(ospId: string) {
  return api.post('/portal-service/v1/invoice/send', { body: { ospId } });
}

export const useSendInvoice = () => useInvoiceMutation(sendInvoice);

/** One document's files: the PDF, its Peppol UBL and the detail CSV behind it. */
export type DocumentFormat = 'pdf' | 'xml' | 'csv';
export const DOCUMENT_FORMATS: readonly DocumentFormat[] = ['pdf', 'xml', 'csv'];


/** The server's label for an invoice without detail rows; its text is SPEC §8's message. */
export const DETAIL_MISSING_LABEL = 'INVOICE_DETAIL_NOT_FOUND';

const DOCUMENTS: Record<DocumentFormat, (id: string) => Promise<Blob>> = {
  pdf: (id) => api.get('/portal-service/v1/invoice/download/pdf/{id}', { path: { id }, responseType: 'blob' }),
  xml: (id) => api.get('/portal-service/v1/invoice/xml/{id}', { path: { id }, responseType: 'blob' }),
  // The detail CSV's 404 is told by the screen with SPEC §8's own text.
  csv: (id) =>
    api.get('/portal-service/v1/invoice/detail/csv/{id}', {
      path: { id },
      responseType: 'blob',
      ignoreErrors: [DETAIL_MISSING_LABEL],
    }),
};

export function fetchDocument(invoice: Pick<Invoice, 'ospId'>, format: DocumentFormat): Promise<Blob> {
  return DOCUMENTS[format](invoice.ospId);
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
 * 'noDetail' when the detail CSV does not exist (the server's 404
 * INVOICE_DETAIL_NOT_FOUND), which the screen tells in SPEC §8's words.
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
    if (error instanceof ApiError && error.errorLabel === DETAIL_MISSING_LABEL) return 'noDetail';
    throw error;
  }
}

export function useDownloadDocument() {
  return useMutation({ mutationFn: (variables: DocumentDownload) => downloadDocument(variables) });
}

/** What the filtered list can be downloaded as: a ZIP of each document's file, or the list itself. */
export type BulkFormat = DocumentFormat | 'xlsx';
export const BULK_FORMATS: readonly BulkFormat[] = ['pdf', 'xml', 'csv', 'xlsx'];

const BULK: Record<BulkFormat, (body: InvoiceFilter) => Promise<Blob>> = {
  pdf: (body) => api.post('/portal-service/v1/invoice/downloadByFilter/pdf', { body, responseType: 'blob' }),
  xml: (body) => api.post('/portal-service/v1/invoice/downloadByFilter/xml', { body, responseType: 'blob' }),
  csv: (body) => api.post('/portal-service/v1/invoice/downloadByFilter/csv', { body, responseType: 'blob' }),
  xlsx: (body) => api.post('/portal-service/v1/invoice/download/xlsx', { body, responseType: 'blob' }),
};

export function fetchBulk(filter: InvoiceFilter, format: BulkFormat): Promise<Blob> {
  return BULK[format](filter);
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
