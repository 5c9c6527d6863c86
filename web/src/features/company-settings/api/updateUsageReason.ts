import { api } from '@/lib/api/typed';
import type { UsageReason, UsageReasonUpdate } from '@/lib/api/types';
import { useUsageReasonMutation } from './useUsageReasonMutation';

/** Rename or (de)activate. */
export function updateUsageReason(body: UsageReasonUpdate): Promise<UsageReason> {
  return api.post('/portal-service/v1/company/usageReason/update', { body });
}

export function useUpdateUsageReason() {
  return useUsageReasonMutation(updateUsageReason);
}
