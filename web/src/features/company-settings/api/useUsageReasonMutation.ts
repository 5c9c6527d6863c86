import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EXPENSES_ROOT } from '@/lib/api/moneyKeys';
import { settingsKeys } from './keys';

/** Usage reason writes refresh the settings list and the expense form's options. */
export function useUsageReasonMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: settingsKeys.all });
      void client.invalidateQueries({ queryKey: EXPENSES_ROOT });
    },
  });
}
