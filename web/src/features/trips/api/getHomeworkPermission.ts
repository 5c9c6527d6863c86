import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { tripKeys } from './keys';

/** Whether a user may register home work, and whether the company offers it. */
export function getHomeworkPermission(userOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/homework/configuration/permission/get', { body: { userOspId }, signal });
}

export const homeworkPermissionQueryOptions = (userOspId: string) =>
  queryOptions({ queryKey: tripKeys.permission(userOspId, 'homework'), queryFn: ({ signal }) => getHomeworkPermission(userOspId, signal) });

export function useHomeworkPermission(userOspId: string) {
  return useQuery(homeworkPermissionQueryOptions(userOspId));
}
