import { apiRequest } from '@/lib/api/client';
import { ErrorLabel } from '@/lib/api/errors';
import { usePartnerMutation } from './usePartnerMutation';
import type { CreatePartnerRequest, Partner } from './types';

/** Field errors are shown on the wizard's fields, not as a notification. */
export function createPartner(body: CreatePartnerRequest) {
  return apiRequest<Partner>('/portal-service/v1/partner/create', {
    method: 'POST',
    body,
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCreatePartner() {
  return usePartnerMutation(createPartner);
}
