import { api, type Body } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import type { MoneyCall } from '@/lib/api/idempotency';
import { useUserMutation } from './useUserMutation';

/**
 * user/mobile/create: the user and their budgets in one transaction (all or
 * nothing). The budgets book start amounts, so the form sends its key.
 * Field errors are shown next to the fields, not in a notification.
 */
export function createMobileUser({ body, idempotencyKey }: MoneyCall<Body<'/portal-service/v1/user/mobile/create'>>) {
  return api.post('/portal-service/v1/user/mobile/create', {
    body,
    idempotencyKey,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCreateMobileUser() {
  return useUserMutation(createMobileUser);
}
