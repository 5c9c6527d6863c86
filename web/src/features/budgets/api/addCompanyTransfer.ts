import { api } from '@/lib/api/typed';
import type { MoneyCall } from '@/lib/api/idempotency';
import { ErrorLabel } from '@/lib/api/errors';
import type { AddForCompanyRequest, Transaction } from '@/lib/api/types';
import { useBudgetMutation } from './useBudgetMutation';

/** Platform admin: books a bank transfer on the company budget. */
export function addCompanyTransfer({ body, idempotencyKey }: MoneyCall<AddForCompanyRequest>): Promise<Transaction> {
  return api.post('/portal-service/v1/budget/transaction/addForCorporateAccount', {
    body,
    idempotencyKey,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useAddCompanyTransfer() {
  return useBudgetMutation(addCompanyTransfer);
}
