import { ErrorLabel } from '@/lib/api/errors';
import { api, type Body } from '@/lib/api/typed';
import { tripKeys } from './keys';
import { useTripMutation } from './useTripMutation';

/** Replaces a user's home-work overrides (a field left out: the company's value). */
export function updateHomeworkCompensation(body: Body<'/portal-service/v1/homework/compensation/update'>) {
  return api.post('/portal-service/v1/homework/compensation/update', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

export function useUpdateHomeworkCompensation() {
  return useTripMutation(updateHomeworkCompensation, (body) => tripKeys.user(body.userOspId));
}
