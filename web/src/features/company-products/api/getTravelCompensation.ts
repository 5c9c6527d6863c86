import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { companyProductKeys } from './keys';

/**
 * travel/compensation/get: the company's trip configuration (SPEC §3). A
 * company never configured answers every flag false, every amount 0 and
 * PER_KILOMETER.
 */
export function getTravelCompensation(corporateAccountOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/travel/compensation/get', { body: { corporateAccountOspId }, signal });
}

export const travelCompensationQueryOptions = (corporateAccountOspId: string) =>
  queryOptions({
    queryKey: companyProductKeys.travelCompensation(corporateAccountOspId),
    queryFn: ({ signal }) => getTravelCompensation(corporateAccountOspId, signal),
  });

export function useTravelCompensation(corporateAccountOspId: string | null) {
  return useQuery({ ...travelCompensationQueryOptions(corporateAccountOspId ?? ''), enabled: Boolean(corporateAccountOspId) });
}
