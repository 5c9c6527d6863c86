import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { settingsKeys } from './keys';

/** The budget types the company offers, with their defaults. */
export function getCompanyBudgetTypes(corporateAccountOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/company/budgetType/list', { body: { corporateAccountOspId }, signal });
}

export const companyBudgetTypesQueryOptions = (corporateAccountOspId: string) =>
  queryOptions({ queryKey: settingsKeys.budgetTypes(corporateAccountOspId), queryFn: ({ signal }) => getCompanyBudgetTypes(corporateAccountOspId, signal) });

export function useCompanyBudgetTypes(corporateAccountOspId: string) {
  return useQuery({ ...companyBudgetTypesQueryOptions(corporateAccountOspId), enabled: Boolean(corporateAccountOspId) });
}
