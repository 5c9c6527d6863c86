import { ErrorLabel } from '@/lib/api/errors';
import { api } from '@/lib/api/typed';
import { usePartnerMutation } from './usePartnerMutation';
import type { CreatePartnerRequest } from './types';

/** Field errors are shown on the wizard's fields, not as a notification. */
export function createPartner(body: CreatePartnerRequest) {
  return api.post('/portal-service/v1/partner/create', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export function useCreatePartner() {
  return usePartnerMutation(createPartner);
}
