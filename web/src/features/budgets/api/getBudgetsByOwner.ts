import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '@/lib/api/typed';
import { ErrorLabel, isApiError } from '@/lib/api/errors';
import { budgetKeys } from './keys';

/** An owner's budgets. NOT_FOUND (none of a requested type) is not an error here (SPEC §8). */
export async function getBudgetsByOwner(ownerOspId: string, signal?: AbortSignal): Promise<Reply<'/portal-service/v1/budget/getByOwner'>> {
  try {
    return await api.post('/portal-service/v1/budget/getByOwner', {
      body: { ownerOspId },
      signal,
      ignoreErrors: [ErrorLabel.NOT_FOUND],
    });
  } catch (error) {
    if (isApiError(error) && error.errorLabel === ErrorLabel.NOT_FOUND) return [];
    throw error;
  }
}

export const budgetsByOwnerQueryOptions = (ownerOspId: string) =>
  queryOptions({ queryKey: budgetKeys.byOwner(ownerOspId), queryFn: ({ signal }) => getBudgetsByOwner(ownerOspId, signal) });

export function useBudgetsByOwner(ownerOspId: string) {
  return useQuery({ ...budgetsByOwnerQueryOptions(ownerOspId), enabled: Boolean(ownerOspId) });
}
