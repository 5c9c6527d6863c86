import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { api } from '@/lib/api/typed';
import { settingsKeys } from './keys';
import type { PartnerOption } from './types';

/** GET corporateAccount/companyType/list */
export function useCompanyTypeOptions() {
  return useQuery({
    queryKey: settingsKeys.companyTypes(),
    queryFn: ({ signal }) => api.get('/portal-service/v1/corporateAccount/companyType/list', { signal }),
    staleTime: Infinity,
  });
}

/** GET corporateAccount/appMenu/types: the entries of the app's menu a company can switch on. */
export function useAppMenuTypes() {
  return useQuery({
    queryKey: settingsKeys.appMenuTypes(),
    queryFn: ({ signal }) => apiRequest<string[]>('/portal-service/v1/corporateAccount/appMenu/types', { method: 'GET', signal }),
    staleTime: Infinity,
  });
}

/** partner/getAll: loaded only for platform admins (SPEC §6), who may move a company. */
export function usePartnerOptions(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.partners(),
    queryFn: ({ signal }) => apiRequest<PartnerOption[]>('/portal-service/v1/partner/getAll', { body: { active: true }, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
