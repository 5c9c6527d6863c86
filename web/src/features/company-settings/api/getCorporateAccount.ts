import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { settingsKeys } from './keys';
import type { CorporateAccountDetails } from './types';

/** The whole corporate account, for the details and mobile-app tabs. */
export function getCorporateAccountDetails(ospId: string, signal?: AbortSignal) {
  return apiRequest<CorporateAccountDetails>('/portal-service/v1/corporateAccount/get', { body: { ospId }, signal });
}

export const corporateAccountDetailsQueryOptions = (ospId: string) =>
  queryOptions({ queryKey: settingsKeys.account(ospId), queryFn: ({ signal }) => getCorporateAccountDetails(ospId, signal) });

export function useCorporateAccountDetails(ospId: string) {
  return useQuery({ ...corporateAccountDetailsQueryOptions(ospId), enabled: Boolean(ospId) });
}
