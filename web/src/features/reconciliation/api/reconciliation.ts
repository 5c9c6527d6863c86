import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MoneyCall } from '@/lib/api/idempotency';
import type { components } from '@/lib/api/schema';
import { api } from '@/lib/api/typed';

type Schemas = components['schemas'];
export type ReconciliationRow = Schemas['ReconciliationRow'];
export type ReconciliationDetail = Schemas['ReconciliationDetail'];
export type ReconciliationStatus = ReconciliationRow['status'];
export type OverrideRequest = Schemas['ReconciliationOverrideRequest'];
export type Decision = OverrideRequest['decision'];

export const STATUSES: ReconciliationStatus[] = ['MISMATCH', 'MISSING_AT_PROVIDER', 'MISSING_AT_PLATFORM', 'MATCHED', 'RESOLVED'];
export const DECISIONS: Decision[] = ['ACCEPT_PROVIDER', 'KEEP_PLATFORM'];
/** The providers (upload kinds) whose files are reconciled. */
export const PROVIDERS = ['NMBS', 'LINE', 'KBC', 'SWAPFIETS', 'BLUEBIKE_EVENTS', 'BEMOBILE', 'CHARGING', 'SURCHARGES', 'CAMBIO'] as const;
export const PAGE_SIZE = 20;

export interface ProblemFilter {
  provider: string;
  status: string;
  month: string;
  page: number;
}

const ROOT = ['reconciliation'] as const;

export const reconciliationKeys = {
  all: ROOT,
  problems: (f: ProblemFilter) => [...ROOT, 'problems', f] as const,
  detail: (bookingId: string) => [...ROOT, 'detail', bookingId] as const,
};

/** A page of rows; no status: every problem (all but MATCHED and RESOLVED). */
export function useProblems(f: ProblemFilter) {
  return useQuery({
    queryKey: reconciliationKeys.problems(f),
    queryFn: () =>
      api.post('/portal-service/v2/reconciliation/problems/get', {
        body: {
          provider: f.provider || undefined,
          status: (f.status || undefined) as ReconciliationStatus | undefined,
          month: f.month || undefined,
          pagination: { page: f.page, size: PAGE_SIZE },
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProblem(bookingId: string | null) {
  return useQuery({
    queryKey: reconciliationKeys.detail(bookingId ?? ''),
    queryFn: () => api.post('/portal-service/v2/reconciliation/problems/detail', { body: { bookingId: bookingId ?? '' } }),
    enabled: !!bookingId,
  });
}

/** Decides a row once; ACCEPT_PROVIDER books the difference on the expense (a money call: Idempotency-Key). */
export function overrideProblem({ body, idempotencyKey }: MoneyCall<OverrideRequest>): Promise<ReconciliationDetail> {
  return api.post('/portal-service/v1/reconciliation/manual/override', { body, idempotencyKey });
}

export function useOverrideProblem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: overrideProblem,
    onSuccess: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}
