import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { userKeys } from './keys';

export function deleteIdentificationToken(ospId: string): Promise<void> {
  return api.post('/portal-service/v1/user/identificationToken/delete', { body: { ospId } });
}

export function useDeleteIdentificationToken(userOspId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteIdentificationToken,
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.tokens(userOspId) }),
  });
}
