import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';

/** Step 2: check every line; changes nothing. Line errors come back in the report, not as an error. */
export function validateImport(uploadId: string) {
  return api.post('/portal-service/v1/user/upload/validate', { body: { uploadId } });
}

export function useValidateImport() {
  return useMutation({ mutationFn: validateImport });
}
