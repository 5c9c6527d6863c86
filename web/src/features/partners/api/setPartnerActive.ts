import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { COMPANY_QUERY_ROOTS, partnerKeys } from './keys';

/**
 * partner/deactivate starts the deactivation of the partner, all its
 * companies and their users (a job on the server: its progress is
 * partner/deactivation/get); partner/activate makes the partner active
 * again (its companies stay deactivated until activated one by one).
 */
export function setPartnerActive({ ospId, active }: { ospId: string; active: boolean }) {
  return active
    ? api.post('/portal-service/v1/partner/activate', { body: { ospId } })
    : api.post('/portal-service/v1/partner/deactivate', { body: { ospId } });
}

export function useSetPartnerActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setPartnerActive,
    onSuccess: (progress, { ospId }) => {
      // The answer is the deactivation's progress: the card shows it at once.
      client.setQueryData(partnerKeys.deactivation(ospId), progress);
      void client.invalidateQueries({ queryKey: partnerKeys.detail(ospId) });
      void client.invalidateQueries({ queryKey: partnerKeys.lists() });
      for (const queryKey of COMPANY_QUERY_ROOTS) void client.invalidateQueries({ queryKey });
    },
  });
}
