import { api, type Body } from '@/lib/api/typed';
import { useUsageReasonMutation } from './useUsageReasonMutation';

export function addUsageReason(body: Body<'/portal-service/v1/company/usageReason/add'>) {
  return api.post('/portal-service/v1/company/usageReason/add', { body });
}

export function useAddUsageReason() {
  return useUsageReasonMutation(addUsageReason);
}
