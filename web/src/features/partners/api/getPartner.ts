import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { partnerKeys } from './keys';

export function getPartner(ospId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/partner/get', { body: { ospId }, signal });
}

export const partnerQueryOptions = (ospId: string) =>
  queryOptions({ queryKey: partnerKeys.detail(ospId), queryFn: ({ signal }) => getPartner(ospId, signal) });

export function usePartner(ospId: string) {
  return useQuery(partnerQueryOptions(ospId));
}
