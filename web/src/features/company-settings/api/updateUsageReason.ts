import { api, type Body } from '@/lib/api/typed';
import { useUsageReasonMutation } from './useUsageReasonMutation';

/** Rename or (de)activate. */
export function updateUsageReason(body: Body<'/portal-service/v1/company/usageReason/update'>) {
  return api.post('/portal-service/v1/company/usageReason/update', { body });
}

export function useUpdateUsageReason() {
  return useUsageReasonMutation(updateUsageReason);
}
