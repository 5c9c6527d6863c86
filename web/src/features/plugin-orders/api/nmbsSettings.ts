import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorLabel } from '@/lib/api/errors';
import { api, type Body, type Reply } from '@/lib/api/typed';

// The NMBS settings calls (SPEC §7 NMBS: seasonTicket/configuration get and update).

export type SeasonTicketConfig = Reply<'/portal-service/v1/seasonTicket/configuration/get'>;
export type SeasonTicketUpdate = Body<'/portal-service/v1/seasonTicket/configuration/update'>;

export const nmbsKeys = {
  season: (ospId: string) => ['nmbsSettings', 'season', ospId] as const,
};

/** A company's season-card settings (the defaults while never saved). */
export function useSeasonTicketConfig(corporateAccountOspId: string) {
  return useQuery({
    queryKey: nmbsKeys.season(corporateAccountOspId),
    queryFn: ({ signal }) =>
      api.post('/portal-service/v1/seasonTicket/configuration/get', { body: { corporateAccountOspId }, signal }),
    enabled: corporateAccountOspId !== '',
  });
}

export function useSaveSeasonTicketConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SeasonTicketUpdate) =>
      api.post('/portal-service/v1/seasonTicket/configuration/update', { body, ignoreErrors: [ErrorLabel.VALIDATION_FAILED] }),
    onSuccess: (saved) => client.setQueryData(nmbsKeys.season(saved.corporateAccountOspId), saved),
  });
}
