import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorLabel } from '@/lib/api/errors';
import { api } from '@/lib/api/typed';
import { COMPANY_PRODUCTS_QUERY_ROOT, groupKeys } from './keys';
import type { GrantRequest, GroupProducts } from './types';

/** The label of SPEC §8's refusal: the product is still some members' default product. */
export const DEFAULT_IN_USE = 'PRODUCT_DEFAULT_IN_USE';

/** GET v2 product/permission/usage/findByUserGroup: the products the group may use, by label. */
export function getGroupProducts(userGroupOspId: string, signal?: AbortSignal) {
  return api.get('/portal-service/v2/product/permission/usage/findByUserGroup/{userGroupOspId}', {
    path: { userGroupOspId },
    signal,
  });
}

export const groupProductsQueryOptions = (userGroupOspId: string) =>
  queryOptions({ queryKey: groupKeys.products(userGroupOspId), queryFn: ({ signal }) => getGroupProducts(userGroupOspId, signal) });

export function useGroupProducts(userGroupOspId: string) {
  return useQuery(groupProductsQueryOptions(userGroupOspId));
}

/** The service resources the group may use: those its company offers, while the group is active. */
export function getGroupServiceResources(userGroupOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/usergroup/permissions/usage/usergroup/serviceResources', {
    body: { userGroupOspId },
    signal,
  });
}

export function useGroupServiceResources(userGroupOspId: string) {
  return useQuery({
    queryKey: groupKeys.serviceResources(userGroupOspId),
    queryFn: ({ signal }) => getGroupServiceResources(userGroupOspId, signal),
  });
}

/** What may be granted: the products the group's company offers. */
export function getOfferedProducts(corporateAccountOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/product/permission/view/findByCorporateAccount', {
    body: { corporateAccountOspId },
    signal,
  });
}

export function useOfferedProducts(corporateAccountOspId: string, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.offered(corporateAccountOspId),
    queryFn: ({ signal }) => getOfferedProducts(corporateAccountOspId, signal),
    enabled,
  });
}

/** The employees who have a product as default product (who must change it before a revoke). */
export function getDefaultUsers(corporateAccountOspId: string, productOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/product/default/findUsers', { body: { corporateAccountOspId, productOspId }, signal });
}

export function useDefaultUsers(corporateAccountOspId: string, productOspId: string | null) {
  return useQuery({
    queryKey: groupKeys.defaultUsers(corporateAccountOspId, productOspId ?? ''),
    queryFn: ({ signal }) => getDefaultUsers(corporateAccountOspId, productOspId ?? '', signal),
    enabled: Boolean(productOspId),
  });
}

export function grantProducts(body: GrantRequest) {
  return api.post('/portal-service/v1/product/authorization/product/usage/grant', { body });
}

/** SPEC §8's refusal is shown in the confirm dialog, with the employees concerned. */
export function revokeProducts(body: GrantRequest) {
  return api.post('/portal-service/v1/product/authorization/product/usage/revoke', {
    body,
    ignoreErrors: [DEFAULT_IN_USE, ErrorLabel.VALIDATION_FAILED],
  });
}

/** Both answer what the group may use now. */
function useUsageMutation(mutationFn: (body: GrantRequest) => Promise<GroupProducts>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer, { userGroupOspId }) => {
      client.setQueryData(groupKeys.products(userGroupOspId), answer);
      void client.invalidateQueries({ queryKey: groupKeys.offeredAll() });
      void client.invalidateQueries({ queryKey: COMPANY_PRODUCTS_QUERY_ROOT });
    },
  });
}

export function useGrantProducts() {
  return useUsageMutation(grantProducts);
}

export function useRevokeProducts() {
  return useUsageMutation(revokeProducts);
}
