import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { productKeys } from './keys';
import { DEFAULT_IN_USE } from './products';
import type { PlatformProduct } from './types';

/** product/platform/findDisallowed: the products platform staff took off the platform. */
export function findDisallowed(signal?: AbortSignal) {
  return api.post('/portal-service/v1/product/platform/findDisallowed', { signal });
}

/** The ospIds of the disallowed products, for the list and the detail header. */
export function useDisallowedProducts() {
  return useQuery({
    queryKey: productKeys.disallowed(),
    queryFn: ({ signal }) => findDisallowed(signal),
    select: (products) => new Set(products.filter((p) => p.disallowed).map((p) => p.ospId)),
  });
}

/** Disallowing is refused while the product is some employees' default (SPEC §8): the dialog shows it. */
export function setPlatformAllowed({ productOspId, allowed }: { productOspId: string; allowed: boolean }) {
  return allowed
    ? api.post('/portal-service/v1/product/platform/allow', { body: { productOspId } })
    : api.post('/portal-service/v1/product/platform/disallow', { body: { productOspId }, ignoreErrors: [DEFAULT_IN_USE] });
}

export function useSetPlatformAllowed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setPlatformAllowed,
    onSuccess: (state: PlatformProduct) => {
      client.setQueryData<PlatformProduct[]>(productKeys.disallowed(), (list) => {
        if (!list) return list;
        const others = list.filter((p) => p.ospId !== state.ospId);
        return state.disallowed ? [...others, state] : others;
      });
      void client.invalidateQueries({ queryKey: productKeys.disallowed() });
    },
  });
}
