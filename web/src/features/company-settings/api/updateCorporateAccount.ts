import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { sessionKeys } from '@/lib/session/keys';
import { settingsKeys } from './keys';
import type { CorporateAccountUpdate } from './types';

/** A partial update: the fields sent change, the others are kept. */
export function updateCorporateAccount(body: CorporateAccountUpdate) {
  return api.post('/portal-service/v1/corporateAccount/update', { body });
}

export function useUpdateCorporateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCorporateAccount,
    onSuccess: (account, { ospId }) => {
      client.setQueryData(settingsKeys.account(ospId), account);
      // The header and guards read the selected company (name, payment type).
      void client.invalidateQueries({ queryKey: sessionKeys.corporateAccount(ospId) });
      void client.invalidateQueries({ queryKey: sessionKeys.currentUser() });
      void client.invalidateQueries({ queryKey: settingsKeys.budgetTypes(ospId) });
    },
  });
}
