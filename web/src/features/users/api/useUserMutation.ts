import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@/lib/api/types';
import { userKeys } from './keys';

/**
 * A write that answers with the changed user: the detail is updated in
 * place and the lists refetch (status, name or roles may have changed).
 */
export function useUserMutation<V>(mutationFn: (variables: V) => Promise<User>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (user) => {
      client.setQueryData(userKeys.detail(user.ospId), user);
      void client.invalidateQueries({ queryKey: userKeys.lists() });
      void client.invalidateQueries({ queryKey: userKeys.searches() });
    },
  });
}
