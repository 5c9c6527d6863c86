import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorLabel } from '@/lib/api/errors';
import { api, type Body, type Reply } from '@/lib/api/typed';

// The user fee calls (SPEC §7 User fees: create, delete, getAll, update) and
// what the screens pick an assignee from.

export type Tier = Reply<'/portal-service/v1/userFee/getAll'>[number];
export type AssigneeType = Tier['assigneeType'];
export type TierWrite = Body<'/portal-service/v1/userFee/create'>;
export type TierUpdate = Body<'/portal-service/v1/userFee/update'>;

/** The {type} of the route user-fee/{type} and the API's assignee type. */
export const ASSIGNEE_TYPES: Record<string, AssigneeType> = {
  partner: 'PARTNER',
  'corporate-account': 'CORPORATE_ACCOUNT',
};

export function routeTypeOf(type: AssigneeType): string {
  return type === 'PARTNER' ? 'partner' : 'corporate-account';
}

export const userFeeKeys = {
  all: ['userFees'] as const,
  tiers: (assigneeType?: AssigneeType, assigneeOspId?: string) => ['userFees', 'tiers', assigneeType ?? '', assigneeOspId ?? ''] as const,
  assignee: (type: AssigneeType, ospId: string) => ['userFees', 'assignee', type, ospId] as const,
  partners: () => ['userFees', 'partners'] as const,
  companies: (term: string) => ['userFees', 'companies', term] as const,
};

/** Every tier in reach (no assignee), or one assignee's. */
export function useTiers(assigneeType?: AssigneeType, assigneeOspId?: string) {
  return useQuery(
    queryOptions({
      queryKey: userFeeKeys.tiers(assigneeType, assigneeOspId),
      queryFn: ({ signal }) =>
        api.post('/portal-service/v1/userFee/getAll', {
          body: assigneeOspId ? { assigneeType, assigneeOspId } : {},
          signal,
        }),
    }),
  );
}

/** An assignee's name, for the editor's title while it has no tiers (which carry it). */
export function useAssigneeName(type: AssigneeType, ospId: string, enabled: boolean) {
  return useQuery({
    queryKey: userFeeKeys.assignee(type, ospId),
    queryFn: async ({ signal }) =>
      type === 'PARTNER'
        ? (await api.post('/portal-service/v1/partner/get', { body: { ospId }, signal })).name
        : (await api.post('/portal-service/v1/corporateAccount/get', { body: { ospId }, signal })).name,
    enabled: enabled && ospId !== '',
  });
}

/** Writes refetch every tier list: the overview counts them. */
function useTierMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void client.invalidateQueries({ queryKey: userFeeKeys.all }),
  });
}

// Field errors are shown on the form's fields, not in a notification.
const onFields = { ignoreErrors: [ErrorLabel.VALIDATION_FAILED, 'USER_FEE_TIERS_OVERLAP'] };

export const useCreateTier = () =>
  useTierMutation((body: TierWrite) => api.post('/portal-service/v1/userFee/create', { body, ...onFields }));
export const useUpdateTier = () =>
  useTierMutation((body: TierUpdate) => api.post('/portal-service/v1/userFee/update', { body, ...onFields }));
export const useDeleteTier = () =>
  useTierMutation((ospId: string) => api.post('/portal-service/v1/userFee/delete', { body: { ospId } }));

/** The active MSP partners: the partners that may carry tiers. */
export function useMspPartners(enabled: boolean) {
  return useQuery({
    queryKey: userFeeKeys.partners(),
    queryFn: async ({ signal }) => {
      const all = await api.post('/portal-service/v1/partner/getAll', { body: { active: true }, signal });
      return all.filter((p) => p.partnerType === 'MSP').sort((a, b) => a.name.localeCompare(b.name));
    },
    enabled,
  });
}

/** Companies by name or extId (SearchPicker asks once the term is long enough). */
export function useCompanyMatches(term: string) {
  const companies = useQuery({
    queryKey: userFeeKeys.companies(term),
    queryFn: ({ signal }) =>
      api.post('/portal-service/v1/corporateAccount/getByFilter', {
        body: {
          nameOrExtIdLike: term,
          pagination: { page: 1, size: 20, sortOrders: [{ property: 'name', direction: 'ASC' }] },
        },
        signal,
      }),
    enabled: term !== '',
    placeholderData: keepPreviousData,
  });
  return { data: companies.data?.content, isFetching: companies.isFetching };
}
