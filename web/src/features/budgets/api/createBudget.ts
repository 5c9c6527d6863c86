import { api, type Body } from '@/lib/api/typed';
import type { MoneyCall } from '@/lib/api/idempotency';
import { ErrorLabel } from '@/lib/api/errors';
import { useBudgetMutation } from './useBudgetMutation';

export interface CreateBudgetVariables extends MoneyCall<Body<'/portal-service/v1/budget/{type}/create'>> {
  budgetType: string;
}

/** budget/{TYPE}/create: opens a budget and books its start amount. */
export function createBudget({ budgetType, body, idempotencyKey }: CreateBudgetVariables, notify = false) {
  return api.post('/portal-service/v1/budget/{type}/create', {
    path: { type: budgetType },
    body,
    idempotencyKey,
    // The form shows field errors itself.
    ignoreErrors: notify ? [] : [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCreateBudget() {
  return useBudgetMutation((variables: CreateBudgetVariables) => createBudget(variables));
}
