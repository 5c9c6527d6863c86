import { api, type Body } from '@/lib/api/typed';
import type { MoneyCall } from '@/lib/api/idempotency';
import { ErrorLabel } from '@/lib/api/errors';
import { useBudgetMutation } from './useBudgetMutation';

/** Platform admin: books a bank transfer on the company budget. */
export function addCompanyTransfer({ body, idempotencyKey }: MoneyCall<Body<'/portal-service/v1/budget/transaction/addForCorporateAccount'>>) {
  return api.post('/portal-service/v1/budget/transaction/addForCorporateAccount', {
    body,
    idempotencyKey,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useAddCompanyTransfer() {
  return useBudgetMutation(addCompanyTransfer);
}
