import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorLabel } from '@/lib/api/errors';
import { api } from '@/lib/api/typed';
import type { CreateCorporateAccountRequest } from './types';
import { companyKeys } from './keys';

/**
 * corporateAccount/create: the company, its budget types and its first
 * admin (who gets the welcome mail) in one transaction. Field errors are
 * shown next to the fields, not in a notification.
 */
export function createCorporateAccount(body: CreateCorporateAccountRequest) {
  return api.post('/portal-service/v1/corporateAccount/create', {
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCreateCorporateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCorporateAccount,
    onSuccess: () => void client.invalidateQueries({ queryKey: companyKeys.lists() }),
  });
}
