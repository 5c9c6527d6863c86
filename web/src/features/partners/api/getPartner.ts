import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { partnerKeys } from './keys';
import type { Partner } from './types';

export function getPartner(ospId: string, signal?: AbortSignal) {
  return apiRequest<Partner>('/portal-service/v1/partner/get', { method: 'POST', body: { ospId }, signal });
}

export const partnerQueryOptions = (ospId: string) =>
  queryOptions({ queryKey: partnerKeys.detail(ospId), queryFn: ({ signal }) => getPartner(ospId, signal) });

export function usePartner(ospId: string) {
  return useQuery(partnerQueryOptions(ospId));
}
