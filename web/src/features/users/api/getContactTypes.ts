import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { userKeys } from './keys';

export function getContactTypes(signal?: AbortSignal) {
  return api.post('/portal-service/v1/user/contactType/list', { signal });
}

export const contactTypesQueryOptions = () =>
  queryOptions({ queryKey: userKeys.contactTypes(), queryFn: ({ signal }) => getContactTypes(signal), staleTime: Infinity });

export function useContactTypes() {
  return useQuery(contactTypesQueryOptions());
}
