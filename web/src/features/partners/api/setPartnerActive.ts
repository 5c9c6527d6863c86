import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { COMPANY_QUERY_ROOTS, partnerKeys } from './keys';

/**
 * partner/deactivate starts the deactivation of the partner, all its
 * companies and their users (a job on the server: its progress is
 * partner/deactivation/get); partner/activate makes the partner active
 * again (its companies stay deactivated until activated one by one).
 */
export function setPartnerActive({ ospId, active }: { ospId: string; active: boolean }) {
  const path = active ? '/portal-service/v1/partner/activate' : '/portal-service/v1/partner/deactivate';
  return apiRequest<unknown>(path, { method: 'POST', body: { ospId } });
}

export function useSetPartnerActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setPartnerActive,
    onSuccess: (_, { ospId }) => {
      void client.invalidateQueries({ queryKey: partnerKeys.detail(ospId) });
      void client.invalidateQueries({ queryKey: partnerKeys.lists() });
      for (const queryKey of COMPANY_QUERY_ROOTS) void client.invalidateQueries({ queryKey });
    },
  });
}
