import type { CreateMobileUserRequest } from '@/lib/api/types';
import { toUserData, type PersonalValues } from '../form/userForm';

/** The SPEC §3 create payload of an app user. */
export function toCreateMobilePayload(
  values: PersonalValues,
  corporateAccountOspId: string,
  groupOspIds: string[],
): CreateMobileUserRequest {
  return {
    corporateAccount: { ospId: corporateAccountOspId },
    // Budgets are opened with the user once the budgets step exists.
    userBudgets: [],
    userData: toUserData(values),
    userGroups: { userGroups: groupOspIds.map((ospId) => ({ ospId })) },
    mobibCardNumber: values.mobibCardNumber.trim(),
    mobibChipId: '',
    mobibValidFrom: null,
    sendCredentials: values.sendCredentials,
  };
}
