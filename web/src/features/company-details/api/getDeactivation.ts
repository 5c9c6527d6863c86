import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';

/**
 * corporateAccount/deactivation/get: the company's current or last
 * deactivation request, or null. Only user managers (and platform staff)
 * may ask; the details screen shows it when they can, quietly otherwise.
 */
export function getDeactivation(ospId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/corporateAccount/deactivation/get', { body: { ospId }, signal, ignoreErrors: 'all' });
}

export function useDeactivation(ospId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['companyDetails', 'deactivation', ospId],
    queryFn: ({ signal }) => getDeactivation(ospId, signal),
    enabled: enabled && Boolean(ospId),
  });
}
