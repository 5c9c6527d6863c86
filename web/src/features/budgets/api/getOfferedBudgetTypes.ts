import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { budgetKeys } from './keys';

/** The budget types a company offers its users, with the company's defaults (new users get these). */
export function getOfferedBudgetTypes(corporateAccountOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/company/budgetType/list', { body: { corporateAccountOspId }, signal });
}

export const offeredBudgetTypesQueryOptions = (corporateAccountOspId: string) =>
  queryOptions({
    queryKey: [...budgetKeys.all, 'offered', corporateAccountOspId] as const,
    queryFn: ({ signal }) => getOfferedBudgetTypes(corporateAccountOspId, signal),
  });

export function useOfferedBudgetTypes(corporateAccountOspId: string) {
  return useQuery({ ...offeredBudgetTypesQueryOptions(corporateAccountOspId), enabled: Boolean(corporateAccountOspId) });
}
