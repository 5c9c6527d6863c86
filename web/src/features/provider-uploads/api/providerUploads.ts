import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import type { ProviderUploadKind } from '@/lib/api/types';
import { saveBlob } from '@/lib/download';

const ROOT = ['providerUploads'] as const;

export const providerUploadKeys = {
  all: ROOT,
  history: (kind: ProviderUploadKind, page: number) => [...ROOT, 'history', kind, page] as const,
};

export interface ProviderUpload {
  kind: ProviderUploadKind;
  file: File;
}

/** Step 1: store the provider's file of a kind (its format, at most 500 rows); answers its id and a preview. */
export function uploadProviderFile({ kind, file }: ProviderUpload) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  return api.post('/portal-service/v1/upload/upload', { body: form });
}

/** Step 2: every line's errors (line, field, reason) and what process would do with it; books nothing. */
export function validateProviderUpload(uploadId: string) {
  return api.post('/portal-service/v1/upload/validate', { body: { uploadId } });
}

/** Step 3: book the lines (once per provider line, ever); answers booked, skipped, already processed and failed per line. */
export function processProviderUpload(uploadId: string) {
  return api.post('/portal-service/v1/upload/process', { body: { uploadId } });
}

export function useUploadProviderFile() {
  return useMutation({ mutationFn: uploadProviderFile });
}

export function useValidateProviderUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: validateProviderUpload,
    onSuccess: () => client.invalidateQueries({ queryKey: [...ROOT, 'history'] }),
  });
}

export function useProcessProviderUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: processProviderUpload,
    onSuccess: () => client.invalidateQueries({ queryKey: [...ROOT, 'history'] }),
  });
}

export const HISTORY_PAGE_SIZE = 10;

/** A kind's earlier uploads, newest first, with their last result. */
export function useProviderUploadHistory(kind: ProviderUploadKind, page: number) {
  return useQuery({
    queryKey: providerUploadKeys.history(kind, page),
    queryFn: () =>
      api.post('/portal-service/v1/upload/history', { body: { kind, pagination: { page, size: HISTORY_PAGE_SIZE } } }),
    placeholderData: keepPreviousData,
  });
}

/** The original file of an upload, fetched with the bearer token and saved. */
export async function downloadProviderUpload({ uploadId, filename }: { uploadId: string; filename: string }): Promise<void> {
  const blob = await api.get('/portal-service/v1/upload/download/{id}', { path: { id: uploadId }, responseType: 'blob' });
  saveBlob(blob, filename);
}

/** A kind's template file: its columns (or XML elements) and one example line. */
export async function downloadProviderTemplate({ kind, filename }: { kind: ProviderUploadKind; filename: string }): Promise<void> {
  const blob = await api.get('/portal-service/v1/upload/template/{kind}', { path: { kind }, responseType: 'blob' });
  saveBlob(blob, filename);
}

export function useDownloadProviderUpload() {
  return useMutation({ mutationFn: downloadProviderUpload });
}

export function useDownloadProviderTemplate() {
  return useMutation({ mutationFn: downloadProviderTemplate });
}
