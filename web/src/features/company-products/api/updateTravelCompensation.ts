import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorLabel } from '@/lib/api/errors';
import { api } from '@/lib/api/typed';
import { getTravelCompensation } from './getTravelCompensation';
import { companyProductKeys } from './keys';
import type { TravelCompensation } from './types';

/**
 * travel/compensation/update replaces the whole configuration. Field errors
 * are not notified here: the form puts them on its fields.
 */
export function updateTravelCompensation(body: TravelCompensation) {
  return api.post('/portal-service/v1/travel/compensation/update', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] });
}

/** The part of the configuration one tab edits. */
export interface TravelCompensationChange {
  corporateAccountOspId: string;
  change: Partial<Omit<TravelCompensation, 'corporateAccountOspId'>>;
}

/**
 * Each tab edits its own part: the current configuration is read again
 * just before saving, the tab's part replaces its fields, and the whole
 * object is sent (another tab's saved values are kept).
 */
export async function saveTravelCompensationPart({ corporateAccountOspId, change }: TravelCompensationChange) {
  const current = await getTravelCompensation(corporateAccountOspId);
  return updateTravelCompensation({ ...current, ...change, corporateAccountOspId });
}

export function useSaveTravelCompensation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTravelCompensationPart,
    onSuccess: (saved, { corporateAccountOspId }) => {
      client.setQueryData(companyProductKeys.travelCompensation(corporateAccountOspId), saved);
    },
  });
}
