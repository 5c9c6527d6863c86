import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { companyProductKeys } from './keys';

/**
 * product/permission/view/findByCorporateAccount: the products the company
 * offers (usable ones, by label), each with the user groups that may use it
 * and how many employees have it as default product.
 */
export function getCompanyProducts(corporateAccountOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/product/permission/view/findByCorporateAccount', {
    body: { corporateAccountOspId },
    signal,
  });
}

export const companyProductsQueryOptions = (corporateAccountOspId: string) =>
  queryOptions({
    queryKey: companyProductKeys.view(corporateAccountOspId),
    queryFn: ({ signal }) => getCompanyProducts(corporateAccountOspId, signal),
  });

export function useCompanyProducts(corporateAccountOspId: string | null) {
  return useQuery({ ...companyProductsQueryOptions(corporateAccountOspId ?? ''), enabled: Boolean(corporateAccountOspId) });
}
