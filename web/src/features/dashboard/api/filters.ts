import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';

// The lists behind the dashboard's filters (SPEC §2 Dashboard "Filters"):
// both are platform-staff filters, and the partner list is loaded only for
// them (SPEC §6).

export const dashboardKeys = {
  partners: () => ['dashboard', 'partners'] as const,
  companyTypes: () => ['dashboard', 'companyTypes'] as const,
};

/** What the partner selector needs of a partner (partner/getAll answers more). */
export interface PartnerOption {
  ospId: string;
  name: string;
  active: boolean;
}

/** Every partner (platform staff only), by name. */
export async function getPartners(signal?: AbortSignal): Promise<PartnerOption[]> {
  const partners = await api.post('/portal-service/v1/partner/getAll', { body: {}, signal });
  return partners
    .map(({ ospId, name, active }) => ({ ospId, name, active }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const partnersQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.partners(),
    queryFn: ({ signal }) => getPartners(signal),
    staleTime: 5 * 60_000,
  });

export function usePartners(enabled: boolean) {
  return useQuery({ ...partnersQueryOptions(), enabled });
}

export function getCompanyTypes(signal?: AbortSignal): Promise<string[]> {
  return api.get('/portal-service/v1/corporateAccount/companyType/list', { signal });
}

export function useCompanyTypes(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.companyTypes(),
    queryFn: ({ signal }) => getCompanyTypes(signal),
    staleTime: Infinity,
    enabled,
  });
}
