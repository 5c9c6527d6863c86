import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { companyKeys } from './keys';

/** GET corporateAccount/companyType/list: the values a company's type may take. */
export function getCompanyTypes(signal?: AbortSignal): Promise<string[]> {
  return api.get('/portal-service/v1/corporateAccount/companyType/list', { signal });
}

export const companyTypesQueryOptions = () =>
  queryOptions({ queryKey: companyKeys.companyTypes(), queryFn: ({ signal }) => getCompanyTypes(signal), staleTime: Infinity });

export function useCompanyTypes() {
  return useQuery(companyTypesQueryOptions());
}
