import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/lib/api/schema';
import { api } from '@/lib/api/typed';
import { sessionKeys } from '@/lib/session/keys';
import { corporateAccountQueryOptions } from '@/lib/session/selectedCorporateAccount';

// Company deactivation (SPEC §4, §9): request, withdraw, handle, activate.

export type Deactivation = components['schemas']['DeactivationCompanyDeactivation'];
export type DeactivationStatus = Deactivation['status'];

export const deactivationKeys = {
  all: ['companyDeactivation'] as const,
  request: (ospId: string) => ['companyDeactivation', ospId] as const,
};

/** The company's current or last request; the server answers null when there never was one. */
export async function getDeactivation(ospId: string, signal?: AbortSignal): Promise<Deactivation | null> {
  return (await api.post('/portal-service/v1/corporateAccount/deactivation/get', { body: { ospId }, signal })) ?? null;
}

export function useDeactivation(ospId: string) {
  return useQuery({
    queryKey: deactivationKeys.request(ospId),
    queryFn: ({ signal }) => getDeactivation(ospId, signal),
    enabled: Boolean(ospId),
  });
}

/** The company itself, for its active flag. */
export function useCompany(ospId: string) {
  return useQuery({ ...corporateAccountQueryOptions(ospId), enabled: Boolean(ospId) });
}

export function requestDeactivation(body: { ospId: string; remark?: string }) {
  return api.post('/portal-service/v1/corporateAccount/deactivate', { body });
}
export function withdrawDeactivation(ospId: string) {
  return api.post('/portal-service/v1/corporateAccount/deactivation/withdraw', { body: { ospId } });
}
export function handleDeactivation(ospId: string) {
  return api.post('/portal-service/v1/corporateAccount/deactivation/handle', { body: { ospId } });
}
export function activateCompany(ospId: string) {
  return api.post('/portal-service/v1/corporateAccount/activate', { body: { ospId } });
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
