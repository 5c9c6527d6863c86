import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import type { ImportKind } from '@/lib/api/types';

export interface ImportUpload {
  file: File;
  corporateAccountOspId: string;
  kind: ImportKind;
}

/** Step 1 of an import: store the file (CSV or XLSX, at most 500 rows). */
export function uploadImportFile({ file, corporateAccountOspId, kind }: ImportUpload) {
  const form = new FormData();
  form.append('file', file);
  form.append('corporateAccountOspId', corporateAccountOspId);
  form.append('kind', kind);
  return api.post('/portal-service/v1/user/upload/upload', { body: form });
}

export function useUploadImportFile() {
  return useMutation({ mutationFn: uploadImportFile });
}
