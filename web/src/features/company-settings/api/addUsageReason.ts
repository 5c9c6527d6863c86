import { api } from '@/lib/api/typed';
import type { UsageReason, UsageReasonAdd } from '@/lib/api/types';
import { useUsageReasonMutation } from './useUsageReasonMutation';

export function addUsageReason(body: UsageReasonAdd): Promise<UsageReason> {
  return api.post('/portal-service/v1/company/usageReason/add', { body });
}

export function useAddUsageReason() {
  return useUsageReasonMutation(addUsageReason);
}
