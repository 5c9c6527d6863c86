import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api/typed';
import { CORPORATE_ACCOUNT_SEARCH_SIZE, RESOURCE_OPTIONS_PAGE_SIZE, SEARCH_MIN_CHARS } from '@/lib/constants';
import { resourceKeys } from './keys';

/** The mobility modes with their labels in the caller's language (the server translates). */
export function getMobilityModes(signal?: AbortSignal) {
  return api.post('/portal-service/v1/resource/mobilityModes/get', { signal });
}

export function useMobilityModes() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: resourceKeys.mobilityModes(i18n.language),
    queryFn: ({ signal }) => getMobilityModes(signal),
    staleTime: Infinity,
  });
}

/** The active MRP and MRP_MSP partners: who may offer a resource. */
export function getMrpPartners(signal?: AbortSignal) {
  return api.post('/portal-service/v1/partner/mrp/getAll', { signal });
}

export function useMrpPartners() {
  return useQuery({ queryKey: resourceKeys.mrpPartners(), queryFn: ({ signal }) => getMrpPartners(signal) });
}

/** The active labels a resource may carry, by default text. */
export function getLabelOptions(signal?: AbortSignal) {
  return api.post('/portal-service/v1/resource/label/getByFilter', {
    body: { active: true, pagination: { page: 1, size: RESOURCE_OPTIONS_PAGE_SIZE } },
    signal,
  });
}

export function useLabelOptions() {
  return useQuery({ queryKey: resourceKeys.labelOptions(), queryFn: ({ signal }) => getLabelOptions(signal) });
}

/** Companies by name or extId (a gas station's owner), from the minimum search length on. */
export function searchCompanies(term: string, signal?: AbortSignal) {
  return api.post('/portal-service/v1/corporateAccount/getByFilter', {
    body: {
      nameOrExtIdLike: term,
      pagination: { page: 1, size: CORPORATE_ACCOUNT_SEARCH_SIZE, sortOrders: [{ property: 'name', direction: 'ASC' }] },
    },
    signal,
  });
}

export function useCompanySearch(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: resourceKeys.companies(trimmed),
    queryFn: ({ signal }) => searchCompanies(trimmed, signal),
    enabled: trimmed.length >= SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
  });
}
