import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorLabel } from '@/lib/api/errors';
import { api, type Body, type Reply } from '@/lib/api/typed';

// The plugin purchase calls (SPEC §7 Plugins: purchase getByFilter,
// request, update, reject; plugin/email/get).

export type Purchase = Reply<'/portal-service/v1/plugin/purchase/getByFilter'>['content'][number];
export type PurchaseState = Purchase['state'];
export type PurchaseUpdate = Body<'/portal-service/v1/plugin/purchase/update'>;

/** The backoffice tabs: open purchases await the admin or the employee; handled ones are final. */
export const OPEN_STATES: PurchaseState[] = ['PENDING', 'REQUESTED'];
export const HANDLED_STATES: PurchaseState[] = ['REJECTED', 'ACCEPTED', 'DECLINED'];

export interface PurchaseFilter {
  states: PurchaseState[];
  product: string;
  fromDate: string;
  toDate: string;
  page: number;
}

const PAGE_SIZE = 10;

export const purchaseKeys = {
  all: ['pluginPurchases'] as const,
  list: (filter: PurchaseFilter) => ['pluginPurchases', 'list', filter] as const,
  email: (ospId: string) => ['pluginPurchases', 'email', ospId] as const,
};

/** Purchases in the given states, newest first, each with its history. */
export function usePurchases(filter: PurchaseFilter) {
  return useQuery({
    queryKey: purchaseKeys.list(filter),
    queryFn: ({ signal }) =>
      api.post('/portal-service/v1/plugin/purchase/getByFilter', {
        body: {
          states: filter.states,
          product: filter.product.trim() || undefined,
          fromDate: filter.fromDate || undefined,
          toDate: filter.toDate || undefined,
          pagination: { page: filter.page, size: PAGE_SIZE },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The request e-mail sent to the provider, as sent. */
export function usePurchaseEmail(ospId: string) {
  return useQuery({
    queryKey: purchaseKeys.email(ospId),
    queryFn: ({ signal }) => api.post('/portal-service/v1/plugin/email/get', { body: { purchaseOspId: ospId }, signal }),
  });
}

/** Every change refetches both tabs: a purchase moves from one to the other. */
function usePurchaseMutation<V>(mutationFn: (variables: V) => Promise<Purchase>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => void client.invalidateQueries({ queryKey: purchaseKeys.all }) });
}

// Field errors are shown on the dialog's fields, not in a notification.
const onFields = { ignoreErrors: [ErrorLabel.VALIDATION_FAILED] };

export const useRequestPurchase = () =>
  usePurchaseMutation((purchaseOspId: string) => api.post('/portal-service/v1/plugin/purchase/request', { body: { purchaseOspId } }));
export const useUpdatePurchase = () =>
  usePurchaseMutation((body: PurchaseUpdate) => api.post('/portal-service/v1/plugin/purchase/update', { body, ...onFields }));
export const useRejectPurchase = () =>
  usePurchaseMutation((body: { purchaseOspId: string; reason: string }) =>
    api.post('/portal-service/v1/plugin/purchase/reject', { body, ...onFields }),
  );
