import { apiRequest } from '@/lib/api/client';
import { ErrorLabel } from '@/lib/api/errors';
import type { AddForCompanyRequest, Transaction } from '@/lib/api/types';
import { useBudgetMutation } from './useBudgetMutation';

/** Platform admin: books a bank transfer on the company budget. */
export function addCompanyTransfer(body: AddForCompanyRequest): Promise<Transaction> {
  return apiRequest<Transaction>('/portal-service/v1/budget/transaction/addForCorporateAccount', {
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useAddCompanyTransfer() {
  return useBudgetMutation(addCompanyTransfer);
}
