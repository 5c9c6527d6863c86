import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { userKeys } from './keys';

/** Company types for the platform admin's search filter. */
export function getCompanyTypes(signal?: AbortSignal): Promise<string[]> {
  return api.get('/portal-service/v1/corporateAccount/companyType/list', { signal });
}

export const companyTypesQueryOptions = () =>
  queryOptions({ queryKey: userKeys.companyTypes(), queryFn: ({ signal }) => getCompanyTypes(signal), staleTime: Infinity });

export function useCompanyTypes(enabled: boolean) {
  return useQuery({ ...companyTypesQueryOptions(), enabled });
}
