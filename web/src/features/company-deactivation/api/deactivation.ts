import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { sessionKeys } from '@/lib/session/keys';
import { corporateAccountQueryOptions } from '@/lib/session/selectedCorporateAccount';

// Company deactivation (SPEC §4, §9): request, withdraw, handle, activate.

export type DeactivationStatus = 'REQUESTED' | 'HANDLED' | 'EFFECTIVE' | 'SETTLED' | 'WITHDRAWN';

export type PersonRef = string | { ospId?: string; fullName?: string; name?: string } | null;

export interface Deactivation {
  status: DeactivationStatus;
  remark?: string | null;
  /** yyyy-MM-dd (or a timestamp) */
  requestedOn: string;
  requestedBy?: PersonRef;
  /** the last day platform staff have to handle it (3 Belgian working days) */
  handleBy?: string | null;
  handledOn?: string | null;
  /** the first day of the month after handling */
  effectiveOn?: string | null;
  /** extra costs may be booked until this day (60 days) */
  extraCostsUntil?: string | null;
  /** the day the balances were (or will be) settled */
  settledOn?: string | null;
}

export const deactivationKeys = {
  all: ['companyDeactivation'] as const,
  request: (ospId: string) => ['companyDeactivation', ospId] as const,
};

export function getDeactivation(ospId: string, signal?: AbortSignal) {
  return apiRequest<Deactivation | null>('/portal-service/v1/corporateAccount/deactivation/get', { body: { ospId }, signal });
}

export function useDeactivation(ospId: string) {
  return useQuery({
    queryKey: deactivationKeys.request(ospId),
    queryFn: async ({ signal }) => (await getDeactivation(ospId, signal)) ?? null,
    enabled: Boolean(ospId),
  });
}

/** The company itself, for its active flag. */
export function useCompany(ospId: string) {
  return useQuery({ ...corporateAccountQueryOptions(ospId), enabled: Boolean(ospId) });
}

export function requestDeactivation(body: { ospId: string; remark?: string }) {
  return apiRequest<Deactivation>('/portal-service/v1/corporateAccount/deactivate', { body });
}
export function withdrawDeactivation(ospId: string) {
  return apiRequest<Deactivation>('/portal-service/v1/corporateAccount/deactivation/withdraw', { body: { ospId } });
}
export function handleDeactivation(ospId: string) {
  return apiRequest<Deactivation>('/portal-service/v1/corporateAccount/deactivation/handle', { body: { ospId } });
}
export function activateCompany(ospId: string) {
  return apiRequest<unknown>('/portal-service/v1/corporateAccount/activate', { body: { ospId } });
}

/** Every write refreshes the request and the company (its active flag, the header, the guards). */
function useDeactivationMutation<V>(mutationFn: (variables: V) => Promise<unknown>, ospIdOf: (variables: V) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_, variables) => {
      const ospId = ospIdOf(variables);
      void client.invalidateQueries({ queryKey: deactivationKeys.request(ospId) });
      void client.invalidateQueries({ queryKey: sessionKeys.corporateAccount(ospId) });
      void client.invalidateQueries({ queryKey: sessionKeys.currentUser() });
    },
  });
}

export const useRequestDeactivation = () => useDeactivationMutation(requestDeactivation, (v) => v.ospId);
export const useWithdrawDeactivation = () => useDeactivationMutation(withdrawDeactivation, (v) => v);
export const useHandleDeactivation = () => useDeactivationMutation(handleDeactivation, (v) => v);
export const useActivateCompany = () => useDeactivationMutation(activateCompany, (v) => v);
