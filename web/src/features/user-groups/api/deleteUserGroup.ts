import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { groupKeys, USERS_QUERY_ROOT } from './keys';

export function deleteUserGroup(ospId: string): Promise<void> {
  return api.post('/portal-service/v1/usergroup/delete', { body: { ospId } });
}

export function useDeleteUserGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUserGroup,
    onSuccess: (_, ospId) => {
      client.removeQueries({ queryKey: groupKeys.detail(ospId) });
      void client.invalidateQueries({ queryKey: groupKeys.lists() });
      void client.invalidateQueries({ queryKey: USERS_QUERY_ROOT });
    },
  });
}
