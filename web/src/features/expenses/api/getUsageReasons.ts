import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { expenseKeys } from './keys';

/** The company's usage reasons an expense may name. */
export function getUsageReasons(corporateAccountOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/company/usageReason/list', { body: { corporateAccountOspId }, signal });
}

export const usageReasonsQueryOptions = (corporateAccountOspId: string) =>
  queryOptions({ queryKey: expenseKeys.usageReasons(corporateAccountOspId), queryFn: ({ signal }) => getUsageReasons(corporateAccountOspId, signal) });

export function useUsageReasons(corporateAccountOspId: string) {
  return useQuery({ ...usageReasonsQueryOptions(corporateAccountOspId), enabled: Boolean(corporateAccountOspId) });
}
