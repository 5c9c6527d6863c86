import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import type { Order } from '../api/orders';
import OrderTab from './OrderTab';

const SLOW = { timeout: 30_000 };

const ORDER: Order = {
  orderId: 'o-1', status: 'OPEN', version: 1, requestedOn: '2026-11-21T09:00:00Z', corporateAccountOspId: 'c-1',
  corporateAccountName: 'Acme NV', userOspId: 'u-1', gender: 'F', firstname: 'Sophie', lastname: 'Dubois', street: 'Rue', houseNumber: '1',
  postalCode: '1000', city: 'Bruxelles', country: 'BE', dateOfBirth: '1991-09-02', language: 'fr', nationalNumber: '**.**.**-***.28',
  nationalNumberMasked: true, personnelNumber: 'P-1', cardNumber: '', product: 'STIB', duration: 12, startDate: '2026-12-01', price: 49900,
  remark: '', origin: '', destination: '', travelClass: 0, subnets: '', includeParking: false, parkingPrice: 0, type: '', email: 's@example.com',
  budgetType: 'MOBILITY_BUDGET', b2bContractNumber: '', limited: false, cancelledAfterConfirm: false,
};

function setup(answer?: (call: Call) => Response | undefined) {
  const { calls } = mockFetch((call) => {
    const custom = answer?.(call);
    if (custom) return custom;
    if (call.url.endsWith('/order/getOpen')) return jsonResponse(200, { content: [ORDER], totalElements: 1, totalPages: 1, page: 1, size: 20 });
    if (call.url.includes('/order/getDetails/'))
      return jsonResponse(200, {
        order: ORDER,
        canHandle: true,
        handledBy: 'COMPANY',
        budgets: [
          { ospId: 'b-1', budgetType: 'MOBILITY_BUDGET', active: true, balance: 100_000, unlimited: false },
          { ospId: 'b-2', budgetType: 'BUSINESS_BUDGET', active: true, balance: -1_250, unlimited: true },
        ],
        suggestedBudgetOspId: 'b-1',
      });
    if (call.url.endsWith('/order/confirm')) return jsonResponse(200, { ...ORDER, status: 'CONFIRMED' });
    if (call.url.endsWith('/order/cancel')) return jsonResponse(200, { ...ORDER, status: 'CANCELLED' });
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  renderRoutes(
    [{ path: '/orders/general', element: <OrderTab where="backoffice" handled={false} /> }],
    '/orders/general?product=STIB',
    newQueryClient(makeUser({ roles: ['ospadmin'], isOspAdmin: true, isMsp: true, corporateAccount: null })),
  );
  return { calls, user: userEvent.setup() };
}

describe('season-card orders list', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the open orders with the URL filters and masked national numbers', SLOW, async () => {
    const { calls } = setup();
    const table = await screen.findByTestId('open-orders-table');
    expect(await within(table).findByText('Sophie Dubois')).toBeInTheDocument();
    expect(within(table).getByTestId('national-number')).toHaveTextContent('**.**.**-***.28');
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/order/getOpen'))?.body).toEqual({ product: 'STIB', pagination: { page: 1, size: 20 } }));
  });

  it('processes an order with an adjusted price on the suggested budget, once, with the Idempotency-Key', SLOW, async () => {
    const { calls, user } = setup();
    await user.click(await screen.findByTestId('order-process'));
    const price = await screen.findByTestId('process-price');
    await user.clear(price);
    await user.type(price, '45.50');
    await waitFor(() => expect(screen.getByTestId('process-budget')).toHaveValue('Mobility budget · holds €1,000.00'));
    expect(screen.queryByTestId('process-short')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('process-save'));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/order/confirm'))).toHaveLength(1));
    const sent = calls.find((c) => c.url.endsWith('/order/confirm'));
    expect(sent?.body).toEqual({ orderId: 'o-1', effectiveStartDate: '2026-12-01', effectivePrice: 4550, budgetOspId: 'b-1' });
    expect(sent?.headers['Idempotency-Key']).toBeTruthy();
  });

  it('shows what each budget holds and warns before booking more than a limited one holds', SLOW, async () => {
    const { calls, user } = setup();
    await user.click(await screen.findByTestId('order-process'));
    const price = await screen.findByTestId('process-price');
    await user.clear(price);
    await user.type(price, '1000.01');
    expect(await screen.findByTestId('process-short')).toHaveTextContent('This budget holds €1,000.00, less than the amount to book');
    // the unlimited budget may go below zero: no warning
    await user.click(screen.getByTestId('process-budget'));
    await user.click(await screen.findByRole('option', { name: 'Business budget · -€12.50, no limit', hidden: true }));
    await waitFor(() => expect(screen.queryByTestId('process-short')).not.toBeInTheDocument());
    await user.click(screen.getByTestId('process-save'));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/order/confirm'))).toHaveLength(1));
    expect(calls.find((c) => c.url.endsWith('/order/confirm'))?.body).toMatchObject({ effectivePrice: 100_001, budgetOspId: 'b-2' });
  });

  it('needs a reason to cancel, and shows the server refusal', SLOW, async () => {
    const { calls, user } = setup((call) =>
      call.url.endsWith('/order/cancel') ? jsonResponse(409, { errorLabel: 'ORDER_ALREADY_CANCELLED', message: 'This order was cancelled already' }) : undefined,
    );
    await user.click(await screen.findByTestId('order-cancel'));
    await user.click(await screen.findByTestId('cancel-save'));
    expect(await screen.findByText('The reason is required')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/order/cancel'))).toBe(false);
    await user.type(screen.getByTestId('cancel-reason'), 'Duplicate');
    await user.click(screen.getByTestId('cancel-save'));
    expect(await screen.findByTestId('cancel-refusal')).toHaveTextContent(/cancelled already/);
    expect(calls.find((c) => c.url.endsWith('/order/cancel'))?.body).toEqual({ orderId: 'o-1', reason: 'Duplicate' });
  });
});
