import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api/typed';
import { MOBILITY_MODES } from '@/lib/constants';
import { productKeys } from './keys';

/**
 * resource/mobilityModes/get: the modes with their names in the caller's
 * language (the server's one list; asked again when the language changes).
 */
export function useMobilityModes() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useQuery({
    queryKey: productKeys.mobilityModes(language),
    queryFn: ({ signal }) => api.post('/portal-service/v1/resource/mobilityModes/get', { signal }),
    staleTime: Infinity,
  });
}

/** The name of a mode, or its code while the names load or when the server does not know it. */
export function useModeName(): (mode: string) => string {
  const modes = useMobilityModes();
  return (mode) => modes.data?.find((m) => m.value === mode)?.label ?? mode;
}

/** The select options of the modes a product may have (the API's enum), named by the server. */
export function useModeOptions(): { value: string; label: string }[] {
  const modeName = useModeName();
  return MOBILITY_MODES.map((value) => ({ value, label: modeName(value) }));
}

/** partner/mrp/getAll: the MRP partners' names for the composition's partner column. */
export function useMrpPartnerNames() {
  return useQuery({
    queryKey: productKeys.mrpPartners(),
    queryFn: ({ signal }) => api.post('/portal-service/v1/partner/mrp/getAll', { signal }),
    select: (partners) => new Map(partners.map((p) => [p.ospId, p.name])),
    staleTime: 5 * 60_000,
  });
}
