import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { resourceKeys } from './keys';

/** Whether a fee schedule is valid: its next occurrences, or why not (in the caller's language). */
export function checkCron(cron: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/resource/fee/cron/check', { body: { cron }, signal });
}

/** Checks the (debounced) schedule as it is typed; nothing for an empty one. */
export function useCronCheck(cron: string) {
  const expression = cron.trim();
  return useQuery({
    queryKey: resourceKeys.cron(expression),
    queryFn: ({ signal }) => checkCron(expression, signal),
    enabled: expression.length > 0,
    // The next occurrences move with the clock; a minute is fresh enough.
    staleTime: 60_000,
  });
}
