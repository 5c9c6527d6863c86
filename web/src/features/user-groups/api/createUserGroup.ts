import { api } from '@/lib/api/typed';
import { ErrorLabel } from '@/lib/api/errors';
import type { UserGroup, UserGroupWriteData } from '@/lib/api/types';
import { useGroupMutation } from './useGroupMutation';

export interface CreateUserGroup {
  corporateAccountOspId: string;
  data: UserGroupWriteData;
}

/** The server stores the name with spaces as underscores (SPEC §3). */
export function createUserGroup({ corporateAccountOspId, data }: CreateUserGroup): Promise<UserGroup> {
  return api.post('/portal-service/v1/usergroup/create', {
    body: { corporateAccount: { ospId: corporateAccountOspId }, data },
    ignoreErrors: [ErrorLabel.VALIDATION_FAILED],
  });
}

export function useCreateUserGroup() {
  return useGroupMutation(createUserGroup);
}
