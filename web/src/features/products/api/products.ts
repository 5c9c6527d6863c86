import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorLabel } from '@/lib/api/errors';
import { api } from '@/lib/api/typed';
import { productKeys } from './keys';
import type { CreateProductRequest, Product, ProductFilter, UpdateProductRequest } from './types';

/** The server's refusal to deactivate or disallow a product that is some employees' default (SPEC §8). */
export const DEFAULT_IN_USE = 'PRODUCT_DEFAULT_IN_USE';

/** product/findByFilter: a page of products (platform staff see inactive ones too). */
export function findProducts(filter: ProductFilter, signal?: AbortSignal) {
  return api.post('/portal-service/v1/product/findByFilter', { body: filter, signal });
}

export function useProducts(filter: ProductFilter) {
  return useQuery({
    queryKey: productKeys.list(filter),
    queryFn: ({ signal }) => findProducts(filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** product/find/all with both states: every product, for the detail pages. */
export function findAllProducts(signal?: AbortSignal) {
  return api.post('/portal-service/v1/product/find/all', { body: {}, signal });
}

/**
 * One product. The API has no product/get (SPEC §7 names none), so the
 * detail pages read find/all once and pick theirs; an unknown ospId is
 * answered as NOT_FOUND, like a get would.
 */
export function useProduct(ospId: string) {
  return useQuery({
    queryKey: productKeys.everything(),
    queryFn: ({ signal }) => findAllProducts(signal),
    select: (products) => products.find((p) => p.ospId === ospId) ?? null,
  });
}

/** A write answering with the product: put it in the cached catalogue, refetch the lists. */
function useProductWrite<V>(mutationFn: (variables: V) => Promise<Product>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (product) => {
      client.setQueryData<Product[]>(productKeys.everything(), (all) =>
        all && (all.some((p) => p.ospId === product.ospId) ? all.map((p) => (p.ospId === product.ospId ? product : p)) : [...all, product]),
      );
      void client.invalidateQueries({ queryKey: productKeys.lists() });
      void client.invalidateQueries({ queryKey: productKeys.disallowed() });
    },
  });
}

/** Field errors go on the form's fields, not into a notification. */
export function createProduct(body: CreateProductRequest) {
  return api.post('/portal-service/v1/product/create', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export function updateProduct(body: UpdateProductRequest) {
  return api.post('/portal-service/v1/product/update', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

/** The dialog shows the refusal of SPEC §8 itself. */
export function setProductActive({ ospId, active }: { ospId: string; active: boolean }) {
  return active
    ? api.post('/portal-service/v1/product/activate', { body: { ospId } })
    : api.post('/portal-service/v1/product/deactivate', { body: { ospId }, ignoreErrors: [DEFAULT_IN_USE] });
}

export const useCreateProduct = () => useProductWrite(createProduct);
export const useUpdateProduct = () => useProductWrite(updateProduct);
export const useSetProductActive = () => useProductWrite(setProductActive);
