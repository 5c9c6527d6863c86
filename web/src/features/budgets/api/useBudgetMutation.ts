import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EXPENSES_ROOT, NEGATIVE_BUDGET_ROOT } from '@/lib/api/moneyKeys';
import { budgetKeys } from './keys';

/** A write that moves money or changes a budget: balances, lists and the negative-budget filter refetch. */
export function useBudgetMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: budgetKeys.all });
      void client.invalidateQueries({ queryKey: EXPENSES_ROOT });
      void client.invalidateQueries({ queryKey: NEGATIVE_BUDGET_ROOT });
    },
  });
}
