import { api, type Body } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import { useGroupMutation } from './useGroupMutation';

export interface CreateUserGroup {
  corporateAccountOspId: string;
  data: Body<'/portal-service/v1/usergroup/create'>['data'];
}

/** The server stores the name with spaces as underscores (SPEC §3). */
export function createUserGroup({ corporateAccountOspId, data }: CreateUserGroup) {
  return api.post('/portal-service/v1/usergroup/create', {
    body: { corporateAccount: { ospId: corporateAccountOspId }, data },
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCreateUserGroup() {
  return useGroupMutation(createUserGroup);
}
