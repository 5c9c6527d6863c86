import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { USER_GROUP_OPTIONS_PAGE_SIZE } from '@/lib/constants';
import { userKeys } from './keys';

/** The company's active groups a new user can join (the default group comes first). */
export function getGroupOptions(corporateAccountOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/usergroup/findAll', {
    body: { corporateAccountOspId, active: true, pagination: { page: 1, size: USER_GROUP_OPTIONS_PAGE_SIZE } },
    signal,
  });
}

export const groupOptionsQueryOptions = (corporateAccountOspId: string) =>
  queryOptions({
    queryKey: userKeys.groupOptions(corporateAccountOspId),
    queryFn: ({ signal }) => getGroupOptions(corporateAccountOspId, signal),
  });

export function useGroupOptions(corporateAccountOspId: string) {
  return useQuery(groupOptionsQueryOptions(corporateAccountOspId));
}
