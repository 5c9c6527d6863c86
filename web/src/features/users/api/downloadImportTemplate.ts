import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import type { ImportKind } from '@/lib/api/types';

export type TemplateFormat = 'csv' | 'xlsx';

export interface TemplateRequest {
  kind: ImportKind;
  format: TemplateFormat;
}

/**
 * The empty import file. Fetched with the bearer token (a plain link would
 * not carry it) and handed to the browser as a download.
 */
export async function downloadImportTemplate({ kind, format }: TemplateRequest): Promise<void> {
  const blob = await api.get('/portal-service/v1/user/upload/template/{kind}', {
    path: { kind },
    query: { format },
    responseType: 'blob',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `users-${kind}.${format}`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useDownloadImportTemplate() {
  return useMutation({ mutationFn: downloadImportTemplate });
}
