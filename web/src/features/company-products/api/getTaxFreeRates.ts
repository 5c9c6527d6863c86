import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/typed';
import { companyProductKeys } from './keys';

/** travel/taxFreeRate/findAll: every period of the platform's tax-free rates per km (SPEC §9). */
export function getTaxFreeRates(signal?: AbortSignal) {
  return api.post('/portal-service/v1/travel/taxFreeRate/findAll', { signal });
}

export const taxFreeRatesQueryOptions = () =>
  queryOptions({
    queryKey: companyProductKeys.taxFreeRates(),
    queryFn: ({ signal }) => getTaxFreeRates(signal),
    staleTime: 5 * 60_000,
  });

export function useTaxFreeRates() {
  return useQuery(taxFreeRatesQueryOptions());
}
