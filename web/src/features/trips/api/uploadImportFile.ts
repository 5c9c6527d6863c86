import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';

export interface TripImportUpload {
  file: File;
  corporateAccountOspId: string;
}

/** Step 1 of the registrations import: store the CSV (at most 500 rows) for a company. */
export function uploadImportFile({ file, corporateAccountOspId }: TripImportUpload) {
  const form = new FormData();
  form.append('file', file);
  form.append('corporateAccountOspId', corporateAccountOspId);
  return api.post('/portal-service/v1/travel/registration/upload/upload', { body: form });
}

export function useUploadImportFile() {
  return useMutation({ mutationFn: uploadImportFile });
}
