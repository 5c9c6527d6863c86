import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { settingsKeys } from './keys';

export function getUsageReasons(corporateAccountOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/company/usageReason/list', { body: { corporateAccountOspId }, signal });
}

export const usageReasonsQueryOptions = (corporateAccountOspId: string) =>
  queryOptions({ queryKey: settingsKeys.usageReasons(corporateAccountOspId), queryFn: ({ signal }) => getUsageReasons(corporateAccountOspId, signal) });

export function useUsageReasons(corporateAccountOspId: string) {
  return useQuery({ ...usageReasonsQueryOptions(corporateAccountOspId), enabled: Boolean(corporateAccountOspId) });
}
