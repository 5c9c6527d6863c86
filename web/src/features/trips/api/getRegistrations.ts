import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Body } from '@/lib/api/typed';
import { tripKeys } from './keys';

export type RegistrationFilter = Body<'/portal-service/v1/travel/getByFilter'>;

/** A page of trip registrations, newest trip first. */
export function getRegistrations(filter: RegistrationFilter, signal?: AbortSignal) {
  return api.post('/portal-service/v1/travel/getByFilter', { body: filter, signal });
}

export const registrationsQueryOptions = (filter: RegistrationFilter) =>
  queryOptions({
    queryKey: tripKeys.registrationList(filter),
    queryFn: ({ signal }) => getRegistrations(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useRegistrations(filter: RegistrationFilter) {
  return useQuery(registrationsQueryOptions(filter));
}
