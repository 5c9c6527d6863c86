import { api } from '@/lib/api/typed';
import { useUsageReasonMutation } from './useUsageReasonMutation';

export function deleteUsageReason(ospId: string): Promise<void> {
  return api.post('/portal-service/v1/company/usageReason/delete', { body: { ospId } });
}

export function useDeleteUsageReason() {
  return useUsageReasonMutation(deleteUsageReason);
}
