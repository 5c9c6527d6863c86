import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { settingsKeys } from './keys';

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
    queryFn: ({ signal }) => api.get('/portal-service/v1/corporateAccount/appMenu/types', { signal }),
    staleTime: Infinity,
  });
}

/** partner/getAll: loaded only for platform admins (SPEC §6), the only ones who move a company. */
export function usePartnerOptions(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.partners(),
    queryFn: ({ signal }) => api.post('/portal-service/v1/partner/getAll', { body: {}, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
