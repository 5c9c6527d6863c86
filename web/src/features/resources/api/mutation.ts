import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRODUCTS_QUERY_ROOT, resourceKeys } from './keys';

/**
 * A catalogue write: every resource, group and label query is refetched
 * (a resource's labels, a group's members and the lists all show each
 * other), and so are the products' (compositions leave out what is
 * inactive or deleted).
 */
export function useCatalogueMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: resourceKeys.all });
      void client.invalidateQueries({ queryKey: PRODUCTS_QUERY_ROOT });
    },
  });
}
