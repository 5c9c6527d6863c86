import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserGroup } from '@/lib/api/types';
import { groupKeys, USERS_QUERY_ROOT } from './keys';

/** A write answering with the changed group: store it, refetch lists and members. */
export function useGroupMutation<V>(mutationFn: (variables: V) => Promise<UserGroup>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (group) => {
      client.setQueryData(groupKeys.detail(group.ospId), group);
      void client.invalidateQueries({ queryKey: groupKeys.all });
      void client.invalidateQueries({ queryKey: USERS_QUERY_ROOT });
    },
  });
}
