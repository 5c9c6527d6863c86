import type { CreateMobileUserRequest } from '@/lib/api/types';
import { toUserData, type PersonalValues } from '../form/userForm';

/** The SPEC §3 create payload of an app user. */
export function toCreateMobilePayload(
  values: PersonalValues,
  corporateAccountOspId: string,
  groupOspIds: string[],
  userBudgets: NonNullable<CreateMobileUserRequest['userBudgets']> = [],
): CreateMobileUserRequest {
  return {
    corporateAccount: { ospId: corporateAccountOspId },
    // Opened with the user, in the same transaction.
    userBudgets,
    userData: toUserData(values),
    userGroups: { userGroups: groupOspIds.map((ospId) => ({ ospId })) },
    mobibCardNumber: values.mobibCardNumber.trim(),
    mobibChipId: '',
    mobibValidFrom: null,
    sendCredentials: values.sendCredentials,
  };
}
