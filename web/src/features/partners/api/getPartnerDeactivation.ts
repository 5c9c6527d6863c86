import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { partnerKeys } from './keys';
import type { PartnerDeactivation } from './types';

/** How often the progress of a running deactivation is asked. */
export const DEACTIVATION_POLL_MS = 1_500;

/** RUNNING until every company is done (then DONE; ACTIVATED once the partner is active again). */
export function isRunning(progress: PartnerDeactivation | null | undefined): boolean {
  return progress?.status === 'RUNNING';
}

/** The partner's last deactivation, or null when it never had one. */
export function getPartnerDeactivation(ospId: string, signal?: AbortSignal): Promise<PartnerDeactivation | null> {
  return api.post('/portal-service/v1/partner/deactivation/get', {
    body: { ospId },
    signal,
    // No progress to show is not worth a notification: the tab shows the partner's state anyway.
    ignoreErrors: 'all',
  });
}

export const partnerDeactivationQueryOptions = (ospId: string) =>
  queryOptions({
    queryKey: partnerKeys.deactivation(ospId),
    queryFn: ({ signal }) => getPartnerDeactivation(ospId, signal),
    // Asked again while it runs, so the bar moves.
    refetchInterval: (query) => (isRunning(query.state.data) ? DEACTIVATION_POLL_MS : false),
  });

export function usePartnerDeactivation(ospId: string, enabled = true) {
  return useQuery({ ...partnerDeactivationQueryOptions(ospId), enabled });
}
