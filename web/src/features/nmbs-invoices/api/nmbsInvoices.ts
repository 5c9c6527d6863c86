import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/lib/api/schema';
import { api } from '@/lib/api/typed';
import { saveBlob } from '@/lib/download';

type Schemas = components['schemas'];
export type InvoiceReport = Schemas['NmbsinvoiceReport'];
export type InvoiceLine = Schemas['NmbsinvoiceLineResult'];
export type InvoiceUpload = Schemas['NmbsinvoiceHistoryRow'];
export type InvoiceCounts = Schemas['NmbsinvoiceCounts'];

/** The providers whose monthly invoices are checked, in the screen's order. */
export const INVOICE_PROVIDERS = ['NMBS', 'BPARKING'] as const;
export type InvoiceProvider = (typeof INVOICE_PROVIDERS)[number];

/** Each provider's CSV columns (docs/nmbs-invoices.md) and its template's name. */
export const PROVIDER_FILES: Record<InvoiceProvider, { columns: string[]; template: string }> = {
  NMBS: {
    columns: ['invoiceNumber', 'invoiceMonth', 'organismNumber', 'orderReference', 'mobibCardNumber', 'product', 'periodStart', 'periodEnd', 'amountInclVat', 'vatRate'],
    template: 'nmbs-invoice-template.csv',
  },
  BPARKING: {
    columns: ['invoiceNumber', 'invoiceMonth', 'cardNumber', 'parking', 'periodStart', 'periodEnd', 'amountInclVat', 'vatRate'],
    template: 'bparking-invoice-template.csv',
  },
};

const HISTORY_PAGE_SIZE = 10;

export const nmbsInvoiceKeys = {
  all: ['nmbsInvoices'] as const,
  history: (company: string, provider: InvoiceProvider, page: number) => ['nmbsInvoices', company, provider, 'history', page] as const,
};

/** Step 1: store the file for the company; the server answers the upload id as text (SPEC §7). */
export function useUploadInvoice() {
  return useMutation({
    mutationFn: async ({ file, provider, corporateAccountOspId }: { file: File; provider: InvoiceProvider; corporateAccountOspId: string }) => {
      const body = new FormData();
      body.append('file', file);
      body.append('provider', provider);
      body.append('corporateAccountOspId', corporateAccountOspId);
      const answer = await api.post('/portal-service/v1/upload/invoice/upload', { body, responseType: 'blob' });
      return (await answer.text()).trim();
    },
  });
}

/** Step 2: every line checked and matched against the month's orders; nothing written. */
export function useValidateInvoice() {
  return useMutation({
    mutationFn: (uploadId: string) => api.post('/portal-service/v1/upload/invoice/validate', { body: { uploadId } }),
  });
}

/** Step 3: the matched orders marked invoiced, once; the history is read again. */
export function useProcessInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: string) => api.post('/portal-service/v1/upload/invoice/process', { body: { uploadId } }),
    onSettled: () => client.invalidateQueries({ queryKey: nmbsInvoiceKeys.all }),
  });
}

/** The company's earlier files of a provider, newest first. */
export function useInvoiceHistory(corporateAccountOspId: string, provider: InvoiceProvider, page: number) {
  return useQuery({
    queryKey: nmbsInvoiceKeys.history(corporateAccountOspId, provider, page),
    queryFn: () =>
      api.post('/portal-service/v1/upload/invoice/history', {
        body: { corporateAccountOspId, provider, pagination: { page, size: HISTORY_PAGE_SIZE } },
      }),
    placeholderData: keepPreviousData,
  });
}

/** A stored file, as it was uploaded. */
export async function downloadInvoiceFile(upload: Pick<InvoiceUpload, 'uploadId' | 'filename'>) {
  const blob = await api.get('/portal-service/v1/upload/invoice/download/{uploadId}', { path: { uploadId: upload.uploadId }, responseType: 'blob' });
  saveBlob(blob, upload.filename);
}

/** A provider's template: its columns and an example line. */
export async function downloadInvoiceTemplate(provider: InvoiceProvider) {
  const blob = await api.get('/portal-service/v1/upload/invoice/template/{provider}', { path: { provider }, responseType: 'blob' });
  saveBlob(blob, PROVIDER_FILES[provider].template);
}
