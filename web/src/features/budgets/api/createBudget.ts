import { apiRequest } from '@/lib/api/client';
import { ErrorLabel } from '@/lib/api/errors';
import type { Budget, CreateBudgetRequest } from '@/lib/api/types';
import { useBudgetMutation } from './useBudgetMutation';

export interface CreateBudgetVariables {
  budgetType: string;
  body: CreateBudgetRequest;
}

/** budget/{TYPE}/create: opens a budget and books its start amount. */
export function createBudget({ budgetType, body }: CreateBudgetVariables, notify = false): Promise<Budget> {
  return apiRequest<Budget>(`/portal-service/v1/budget/${encodeURIComponent(budgetType)}/create`, {
    body,
    // The form shows field errors itself.
    ignoreErrors: notify ? [] : [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCreateBudget() {
  return useBudgetMutation((variables: CreateBudgetVariables) => createBudget(variables));
}
