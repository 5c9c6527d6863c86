import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { resourceKeys } from './keys';
import { useCatalogueMutation } from './mutation';
import type { OwnerWrite } from './types';

/** A gas station's owner periods, oldest first. */
export function getOwners(gasStationOspId: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/fuelstation/owner/get', { body: { gasStationOspId }, signal });
}

export function useOwners(gasStationOspId: string) {
  return useQuery({ queryKey: resourceKeys.owners(gasStationOspId), queryFn: ({ signal }) => getOwners(gasStationOspId, signal) });
}

/**
 * Replaces the station's owner periods with these. Overlapping periods are
 * refused (OWNER_PERIODS_OVERLAP, naming the period's validFrom) and other
 * field errors are shown on the owner form, so neither is notified here.
 */
export function replaceOwners({ gasStationOspId, owners }: { gasStationOspId: string; owners: OwnerWrite[] }) {
  return api.post('/portal-service/v1/fuelstation/owner/update', {
    body: { gasStationOspId, owners },
    ignoreErrors: ['OWNER_PERIODS_OVERLAP', 'VALIDATION_FAILED'],
  });
}

export const useReplaceOwners = () => useCatalogueMutation(replaceOwners);
