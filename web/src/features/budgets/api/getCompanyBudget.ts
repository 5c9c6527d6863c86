import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { budgetKeys } from './keys';

/** The company budget, its threshold and the payment reference to transfer to. */
export function getCompanyBudget(corporateAccountOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/budget/company/get', { body: { corporateAccountOspId }, signal });
}

export const companyBudgetQueryOptions = (corporateAccountOspId: string) =>
  queryOptions({
    queryKey: budgetKeys.company(corporateAccountOspId),
    queryFn: ({ signal }) => getCompanyBudget(corporateAccountOspId, signal),
  });

export function useCompanyBudget(corporateAccountOspId: string) {
  return useQuery({ ...companyBudgetQueryOptions(corporateAccountOspId), enabled: Boolean(corporateAccountOspId) });
}
