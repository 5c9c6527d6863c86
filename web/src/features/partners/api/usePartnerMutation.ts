import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COMPANY_QUERY_ROOTS, partnerKeys } from './keys';
import type { Partner } from './types';

/** A write answering with the changed partner: store it, refetch the lists. */
export function usePartnerMutation<V>(mutationFn: (variables: V) => Promise<Partner>, { companies = false } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (partner) => {
      client.setQueryData(partnerKeys.detail(partner.ospId), partner);
      void client.invalidateQueries({ queryKey: partnerKeys.lists() });
      if (companies) for (const queryKey of COMPANY_QUERY_ROOTS) void client.invalidateQueries({ queryKey });
    },
  });
}
