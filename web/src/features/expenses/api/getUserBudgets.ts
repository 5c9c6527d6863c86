import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Reply } from '@/lib/api/typed';
import { ErrorLabel, isApiError } from '@/lib/api/errors';
import { expenseKeys } from './keys';

/** The user's budgets to book an expense on (NOT_FOUND: none, SPEC §8). */
export async function getUserBudgets(userOspId: string, signal?: AbortSignal): Promise<Reply<'/portal-service/v1/budget/getByOwner'>> {
  try {
    return await api.post('/portal-service/v1/budget/getByOwner', {
      body: { ownerOspId: userOspId },
      signal,
      ignoreErrors: [ErrorLabel.NOT_FOUND],
    });
  } catch (error) {
    if (isApiError(error) && error.errorLabel === ErrorLabel.NOT_FOUND) return [];
    throw error;
  }
}

export const userBudgetsQueryOptions = (userOspId: string) =>
  queryOptions({ queryKey: expenseKeys.userBudgets(userOspId), queryFn: ({ signal }) => getUserBudgets(userOspId, signal) });

export function useUserBudgets(userOspId: string) {
  return useQuery({ ...userBudgetsQueryOptions(userOspId), enabled: Boolean(userOspId) });
}
