import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MoneyCall } from '@/lib/api/idempotency';
import type { components } from '@/lib/api/schema';
import { api } from '@/lib/api/typed';

type Schemas = components['schemas'];
export type Order = Schemas['OrderOrder'];
export type OrderDetails = Schemas['OrderDetails'];
export type ConfirmRequest = Schemas['OrderConfirmRequest'];
export type CancelRequest = Schemas['OrderCancelRequest'];
export type Product = NonNullable<Order['product']>;

export const PRODUCTS: Product[] = ['NMBS', 'DE_LIJN', 'STIB', 'TEC'];
export const PAGE_SIZE = 20;
/** The longest cancellation reason the server takes (order.MaxReason). */
export const REASON_MAX = 500;

/**
 * Where a list is shown: the backoffice (order/*: every company in reach)
 * or the selected company's order handling (seasonTicket/order/*).
 */
export type OrderScope = { kind: 'backoffice' } | { kind: 'company'; companyOspId: string };

export interface OrderFilter {
  search: string;
  product: string;
  dateFrom: string;
  dateTo: string;
  page: number;
}

const ROOT = ['orders'] as const;

export const orderKeys = {
  all: ROOT,
  list: (scope: OrderScope, handled: boolean, f: OrderFilter) => [...ROOT, 'list', scope, handled, f] as const,
  details: (id: string) => [...ROOT, 'details', id] as const,
};

/** A page of open (handled false) or handled orders of the scope. */
export function useOrders(scope: OrderScope, handled: boolean, f: OrderFilter) {
  return useQuery({
    queryKey: orderKeys.list(scope, handled, f),
    queryFn: ({ signal }) => {
      const filters = {
        search: f.search || undefined,
        product: (f.product || undefined) as Product | undefined,
        dateFrom: f.dateFrom || undefined,
        dateTo: f.dateTo || undefined,
        pagination: { page: f.page, size: PAGE_SIZE },
      };
      if (scope.kind === 'company') {
        const body = { ...filters, corporateAccountOspId: scope.companyOspId };
        return handled
          ? api.post('/portal-service/v1/seasonTicket/order/getHandled', { body, signal })
          : api.post('/portal-service/v1/seasonTicket/order/getOpen', { body, signal });
      }
      return handled ? api.post('/portal-service/v1/order/getHandled', { body: filters, signal }) : api.post('/portal-service/v1/order/getOpen', { body: filters, signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** One order with the employee's budgets (GET order/getDetails/{id}). */
export function useOrderDetails(id: string | null) {
  return useQuery({
    queryKey: orderKeys.details(id ?? ''),
    queryFn: ({ signal }) => api.get('/portal-service/v1/order/getDetails/{id}', { path: { id: id ?? '' }, signal }),
    enabled: !!id,
  });
}

/** Books the order once (a money call: Idempotency-Key). */
export function confirmOrder(scope: OrderScope, { body, idempotencyKey }: MoneyCall<ConfirmRequest>): Promise<Order> {
  if (scope.kind === 'company') {
    return api.post('/portal-service/v1/seasonTicket/order/confirm', { body: { ...body, corporateAccountOspId: scope.companyOspId }, idempotencyKey });
  }
  return api.post('/portal-service/v1/order/confirm', { body, idempotencyKey });
}

export function cancelOrder(scope: OrderScope, body: CancelRequest): Promise<Order> {
  if (scope.kind === 'company') {
    return api.post('/portal-service/v1/seasonTicket/order/cancel', { body: { ...body, corporateAccountOspId: scope.companyOspId } });
  }
  return api.post('/portal-service/v1/order/cancel', { body });
}

export function useConfirmOrder(scope: OrderScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (call: MoneyCall<ConfirmRequest>) => confirmOrder(scope, call),
    onSuccess: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}

export function useCancelOrder(scope: OrderScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelRequest) => cancelOrder(scope, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}
