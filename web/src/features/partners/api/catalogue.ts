import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { partnerKeys } from './keys';

// What a partner may choose from: the catalogue's active products (those
// platform staff disallowed left out) and active service resources.

export function getActiveProducts(signal?: AbortSignal) {
  return api.post('/portal-service/v1/product/find/all', { body: { active: true }, signal });
}

export function useActiveProducts() {
  return useQuery({ queryKey: partnerKeys.products(), queryFn: ({ signal }) => getActiveProducts(signal) });
}

export function getDisallowedProducts(signal?: AbortSignal) {
  return api.post('/portal-service/v1/product/platform/findDisallowed', { signal });
}

export function useDisallowedProducts() {
  return useQuery({ queryKey: partnerKeys.disallowed(), queryFn: ({ signal }) => getDisallowedProducts(signal) });
}

export function getActiveServiceResources(signal?: AbortSignal) {
  return api.post('/portal-service/v1/serviceResource/find/all', { body: { active: true }, signal });
}

export function useActiveServiceResources() {
  return useQuery({ queryKey: partnerKeys.serviceResources(), queryFn: ({ signal }) => getActiveServiceResources(signal) });
}
