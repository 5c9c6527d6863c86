import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';

const keys = {
  of: (corporateAccountOspId: string) => ['providerPayments', corporateAccountOspId] as const,
};

/** upload/directPayment/get (platform staff): per provider kind, whether the company pays it directly. */
export function getDirectPayments(corporateAccountOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/upload/directPayment/get', { body: { corporateAccountOspId }, signal });
}

/** enabled false: the user may not ask (the call is platform staff only). */
export function useDirectPayments(corporateAccountOspId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.of(corporateAccountOspId),
    queryFn: ({ signal }) => getDirectPayments(corporateAccountOspId, signal),
    enabled: enabled && Boolean(corporateAccountOspId),
  });
}

export interface DirectPaymentChange {
  corporateAccountOspId: string;
  kind: 'LINE' | 'KBC' | 'NMBS' | 'SWAPFIETS' | 'BLUEBIKE_EVENTS' | 'BEMOBILE' | 'CHARGING';
  paidByCompany: boolean;
}

/** upload/directPayment/update: answers the company's settings as they now stand. */
export function useSetDirectPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DirectPaymentChange) => api.post('/portal-service/v1/upload/directPayment/update', { body }),
    onSuccess: (settings, { corporateAccountOspId }) => client.setQueryData(keys.of(corporateAccountOspId), settings),
  });
}
