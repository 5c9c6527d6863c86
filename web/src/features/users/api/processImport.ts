import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { userKeys } from './keys';

/** Step 3: write every line of a valid file, once. */
export function processImport(uploadId: string) {
  return api.post('/portal-service/v1/user/upload/process', { body: { uploadId } });
}

export function useProcessImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: processImport,
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}
