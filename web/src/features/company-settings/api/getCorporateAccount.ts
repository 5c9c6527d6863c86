import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { settingsKeys } from './keys';

/** The whole corporate account, for the details and mobile-app tabs. */
export function getCorporateAccountDetails(ospId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/corporateAccount/get', { body: { ospId }, signal });
}

export const corporateAccountDetailsQueryOptions = (ospId: string) =>
  queryOptions({ queryKey: settingsKeys.account(ospId), queryFn: ({ signal }) => getCorporateAccountDetails(ospId, signal) });

export function useCorporateAccountDetails(ospId: string) {
  return useQuery({ ...corporateAccountDetailsQueryOptions(ospId), enabled: Boolean(ospId) });
}
