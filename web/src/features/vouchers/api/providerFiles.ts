import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/lib/api/schema';
import { api } from '@/lib/api/typed';
import { saveBlob } from '@/lib/download';

type Schemas = components['schemas'];
export type ProviderReport = Schemas['ProvfileReport'];
export type ProviderUpload = Schemas['ProvfileUpload'];
export type ProviderLine = Schemas['ProvfileLineResult'];

/** The provider-file kinds of this feature (issue 15): vouchers and Cambio's two files. */
export type ProviderKind = 'VOUCHER' | 'CAMBIO_INVOICE' | 'CAMBIO_CO2';

const HISTORY_PAGE_SIZE = 10;

/** What the screens need of a kind: its calls, its columns and its template's name. */
interface KindCalls {
  columns: string[];
  template: string;
  upload: (form: FormData) => Promise<ProviderUpload>;
  validate: (uploadId: string) => Promise<ProviderReport>;
  process: (uploadId: string) => Promise<ProviderReport>;
  history: (page: number) => Promise<Schemas['PageOfProvfileUpload']>;
  file: (uploadId: string) => Promise<Blob>;
  templateFile: () => Promise<Blob>;
}

const size = HISTORY_PAGE_SIZE;

export const KINDS: Record<ProviderKind, KindCalls> = {
  VOUCHER: {
    columns: ['code', 'value', 'validFrom', 'validUntil', 'userOspId', 'description'],
    template: 'vouchers-template.csv',
    upload: (body) => api.post('/portal-service/v1/voucher/upload', { body }),
    validate: (uploadId) => api.post('/portal-service/v1/voucher/validate', { body: { uploadId } }),
    process: (uploadId) => api.post('/portal-service/v1/voucher/process', { body: { uploadId } }),
    history: (page) => api.post('/portal-service/v1/voucher/upload/list', { body: { pagination: { page, size } } }),
    file: (uploadId) => api.get('/portal-service/v1/voucher/upload/file/{uploadId}', { path: { uploadId }, responseType: 'blob' }),
    templateFile: () => api.get('/portal-service/v1/voucher/template', { responseType: 'blob' }),
  },
  CAMBIO_INVOICE: {
    columns: ['invoiceNumber', 'lineId', 'customerNumber', 'email', 'date', 'description', 'amount', 'vatPercentage', 'km'],
    template: 'cambio-invoice-template.csv',
    upload: (body) => api.post('/cambio/invoice/upload', { body }),
    validate: (uploadId) => api.post('/cambio/invoice/validate', { body: { uploadId } }),
    process: (uploadId) => api.post('/cambio/invoice/process', { body: { uploadId } }),
    history: (page) => api.post('/cambio/invoice/upload/list', { body: { pagination: { page, size } } }),
    file: (uploadId) => api.get('/cambio/invoice/upload/file/{uploadId}', { path: { uploadId }, responseType: 'blob' }),
    templateFile: () => api.get('/cambio/invoice/template', { responseType: 'blob' }),
  },
  CAMBIO_CO2: {
    columns: ['month', 'customerNumber', 'email', 'km', 'co2Grams'],
    template: 'cambio-co2-template.csv',
    upload: (body) => api.post('/cambio/co2/upload', { body }),
    validate: (uploadId) => api.post('/cambio/co2/validate', { body: { uploadId } }),
    process: (uploadId) => api.post('/cambio/co2/process', { body: { uploadId } }),
    history: (page) => api.post('/cambio/co2/upload/list', { body: { pagination: { page, size } } }),
    file: (uploadId) => api.get('/cambio/co2/upload/file/{uploadId}', { path: { uploadId }, responseType: 'blob' }),
    templateFile: () => api.get('/cambio/co2/template', { responseType: 'blob' }),
  },
};

export const providerKeys = {
  all: ['providerFiles'] as const,
  history: (kind: ProviderKind, page: number) => ['providerFiles', kind, 'history', page] as const,
  vouchers: () => ['providerFiles', 'vouchers'] as const,
};

/** Step 1: store the file (and, for vouchers, the company it is for). */
export function useUploadProviderFile(kind: ProviderKind) {
  return useMutation({
    mutationFn: ({ file, corporateAccountOspId }: { file: File; corporateAccountOspId?: string }) => {
      const form = new FormData();
      form.append('file', file);
      if (corporateAccountOspId) form.append('corporateAccountOspId', corporateAccountOspId);
      return KINDS[kind].upload(form);
    },
  });
}

/** Step 2: every line checked, nothing written. */
export function useValidateProviderFile(kind: ProviderKind) {
  return useMutation({ mutationFn: (uploadId: string) => KINDS[kind].validate(uploadId) });
}

/** Step 3: book or store the file's lines once; the history and vouchers are read again. */
export function useProcessProviderFile(kind: ProviderKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: string) => KINDS[kind].process(uploadId),
    onSettled: () => client.invalidateQueries({ queryKey: providerKeys.all }),
  });
}

/** The kind's earlier files, newest first, with their last report. */
export function useProviderHistory(kind: ProviderKind, page: number) {
  return useQuery({
    queryKey: providerKeys.history(kind, page),
    queryFn: () => KINDS[kind].history(page),
    placeholderData: keepPreviousData,
  });
}

/** A stored file, as it was uploaded, handed to the browser. */
export async function downloadProviderFile(kind: ProviderKind, upload: Pick<ProviderUpload, 'uploadId' | 'filename'>) {
  saveBlob(await KINDS[kind].file(upload.uploadId), upload.filename);
}

/** The kind's template: its columns and an example line. */
export async function downloadProviderTemplate(kind: ProviderKind) {
  saveBlob(await KINDS[kind].templateFile(), KINDS[kind].template);
}
