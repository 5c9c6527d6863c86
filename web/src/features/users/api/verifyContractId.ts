import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { userKeys } from './keys';

export function verifyContractId(
  contractId: string,
  corporateAccountOspId: string,
  userOspId?: string,
  signal?: AbortSignal,
) {
  return api.post('/portal-service/v1/user/verifyContractId', {
    body: { contractId, corporateAccountOspId, userOspId },
    signal,
    ignoreErrors: 'all',
  });
}

export const verifyContractIdQueryOptions = (contractId: string, company: string, userOspId?: string) =>
  queryOptions({
    queryKey: userKeys.verifyContractId(contractId, company, userOspId),
    queryFn: ({ signal }) => verifyContractId(contractId, company, userOspId, signal),
    staleTime: 10_000,
  });

export function useVerifyContractId(contractId: string, company: string, userOspId?: string) {
  return useQuery({
    ...verifyContractIdQueryOptions(contractId, company, userOspId),
    enabled: contractId.length > 0 && company.length > 0,
  });
}
