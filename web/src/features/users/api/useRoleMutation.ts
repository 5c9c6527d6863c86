import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from './keys';

export interface RoleChange {
  ospId: string;
  role: string;
}

/** Role writes answer with the user's roles: store them, and refresh what shows roles. */
export function useRoleMutation(mutationFn: (change: RoleChange) => Promise<string[]>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (roles, { ospId }) => {
      client.setQueryData(userKeys.roles(ospId), roles);
      void client.invalidateQueries({ queryKey: userKeys.detail(ospId), exact: true });
      void client.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
