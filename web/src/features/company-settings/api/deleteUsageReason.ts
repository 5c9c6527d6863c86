import { apiRequest } from '@/lib/api/client';
import { useUsageReasonMutation } from './useUsageReasonMutation';

export function deleteUsageReason(ospId: string): Promise<void> {
  return apiRequest<void>('/portal-service/v1/company/usageReason/delete', { body: { ospId } });
}

export function useDeleteUsageReason() {
  return useUsageReasonMutation(deleteUsageReason);
}
