import { api, type Body } from '@/lib/api/typed';
import { tripKeys } from './keys';
import { useTripMutation } from './useTripMutation';

/** Lets a user register home work or not. */
export function updateHomeworkPermission(body: Body<'/portal-service/v1/homework/configuration/permission/update'>) {
  return api.post('/portal-service/v1/homework/configuration/permission/update', { body });
}

export function useUpdateHomeworkPermission() {
  return useTripMutation(updateHomeworkPermission, (body) => tripKeys.user(body.userOspId));
}
