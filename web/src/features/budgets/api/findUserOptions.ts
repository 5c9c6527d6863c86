import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { SEARCH_MIN_CHARS } from '@/lib/constants';
import { budgetKeys } from './keys';

const OPTIONS_SIZE = 20;

/** Users to filter the transactions by (at least three characters typed). */
export function findUserOptions(search: string, corporateAccountOspId: string | null, signal?: AbortSignal) {
  return api.post('/portal-service/v1/user/findByAny', {
    body: {
      search,
      corporateAccountOspId: corporateAccountOspId ?? undefined,
      types: ['mobile'],
      pagination: { page: 1, size: OPTIONS_SIZE },
    },
    signal,
  });
}

export const userOptionsQueryOptions = (search: string, corporateAccountOspId: string | null) =>
  queryOptions({
    queryKey: [...budgetKeys.all, 'userOptions', search, corporateAccountOspId] as const,
    queryFn: ({ signal }) => findUserOptions(search, corporateAccountOspId, signal),
  });

export function useUserOptions(search: string, corporateAccountOspId: string | null) {
  return useQuery({ ...userOptionsQueryOptions(search, corporateAccountOspId), enabled: search.length >= SEARCH_MIN_CHARS });
}
