import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';

/** Step 2: check every line (line, field, reason); changes nothing. */
export function validateImport(uploadId: string) {
  return api.post('/portal-service/v1/travel/registration/upload/validate', { body: { uploadId } });
}

export function useValidateImport() {
  return useMutation({ mutationFn: validateImport });
}
