import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { userKeys } from './keys';

/** Company types for the platform admin's search filter. */
export function getCompanyTypes(signal?: AbortSignal): Promise<string[]> {
  return apiRequest<string[]>('/portal-service/v1/corporateAccount/companyType/list', { method: 'GET', signal });
}

export const companyTypesQueryOptions = () =>
  queryOptions({ queryKey: userKeys.companyTypes(), queryFn: ({ signal }) => getCompanyTypes(signal), staleTime: Infinity });

export function useCompanyTypes(enabled: boolean) {
  return useQuery({ ...companyTypesQueryOptions(), enabled });
}
