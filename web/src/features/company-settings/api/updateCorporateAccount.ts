import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { sessionKeys } from '@/lib/session/keys';
import { settingsKeys } from './keys';
import type { CorporateAccountDetails, CorporateAccountUpdate } from './types';

export function updateCorporateAccount(body: CorporateAccountUpdate) {
  return apiRequest<CorporateAccountDetails>('/portal-service/v1/corporateAccount/update', { body });
}

/** The update's body from a loaded account: every field as it is, then the changes. */
export function toUpdate(account: CorporateAccountDetails, changes: Partial<CorporateAccountUpdate>): CorporateAccountUpdate {
  const { paymentReference: _ref, allowedBudgetTypes: _allowed, active: _active, partner, ...rest } = account;
  return { ...rest, partnerOspId: partner?.ospId ?? '', ...changes };
}

export function useUpdateCorporateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCorporateAccount,
    onSuccess: (_, { ospId }) => {
      void client.invalidateQueries({ queryKey: settingsKeys.account(ospId) });
      // The header and guards read the selected company (name, payment type).
      void client.invalidateQueries({ queryKey: sessionKeys.corporateAccount(ospId) });
      void client.invalidateQueries({ queryKey: sessionKeys.currentUser() });
      void client.invalidateQueries({ queryKey: settingsKeys.budgetTypes(ospId) });
    },
  });
}
