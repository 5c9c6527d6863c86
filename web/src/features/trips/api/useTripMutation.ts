import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A trip write: what it touched (a user's configuration, the registrations) refetches. */
export function useTripMutation<V, R>(mutationFn: (variables: V) => Promise<R>, invalidate: (variables: V) => readonly unknown[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, variables) => client.invalidateQueries({ queryKey: invalidate(variables) }),
  });
}
