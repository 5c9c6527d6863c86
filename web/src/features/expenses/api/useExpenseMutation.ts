import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BUDGETS_ROOT, NEGATIVE_BUDGET_ROOT } from '@/lib/api/moneyKeys';
import { expenseKeys } from './keys';

/** An expense write moves money: expenses, balances and the negative-budget filter refetch. */
export function useExpenseMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: expenseKeys.all });
      void client.invalidateQueries({ queryKey: BUDGETS_ROOT });
      void client.invalidateQueries({ queryKey: NEGATIVE_BUDGET_ROOT });
    },
  });
}
