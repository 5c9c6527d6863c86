import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import AddExpensePage from './AddExpensePage';
import ExpenseDetailPage from './ExpenseDetailPage';

const budget = { ospId: 'b-1', type: 'PRIVATE_BUDGET', budgetType: 'BUSINESS_BUDGET', data: { activationStatus: 'ACTIVE', currentAmount: 5000 } };
const resource = { ospId: 'r-1', name: 'Gent-Brussel', mrpPartner: { ospId: 'p-9', name: 'NMBS-SNCB' }, mobilityMode: 'TRAIN' };

function server(extra: (call: Call) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url.endsWith('/budget/getByOwner')) return jsonResponse(200, [budget]);
    if (call.url.endsWith('/usageReason/list')) return jsonResponse(200, []);
    if (call.url.endsWith('/recurringExternalPurchase/types')) return jsonResponse(200, []);
    if (call.url.endsWith('/resource/getByFilter')) return jsonResponse(200, { content: [resource], totalPages: 1, totalElements: 1 });
    if (call.url.endsWith('/costEventForExternalPurchase/create')) return jsonResponse(200, { ospId: 'e-1' });
    return jsonResponse(404, { errorLabel: 'NOT_FOUND', message: call.url });
  });
}

const routes = [
  { path: '/expenses/add', element: <AddExpensePage /> },
  { path: '/expenses/:eventOspId', element: <ExpenseDetailPage /> },
  { path: '*', element: <div>back at the user</div> },
];

async function fillPurchase(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByTestId('expense-budget'));
  await user.click(await screen.findByRole('option', { name: /Business budget/i, hidden: true }));
  await user.type(screen.getByTestId('expense-amount'), '9.90');
  await user.type(screen.getByTestId('expense-description'), 'Gent-Brussel');
}

describe('AddExpensePage with a catalogue resource', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('searches resources from 3 characters on and books the purchase on the chosen one with its quantity', { timeout: 30_000 }, async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderRoutes(routes, '/expenses/add?userOspId=u-9', newQueryClient(makeUser()));
    await fillPurchase(user);
    expect(screen.getByTestId('expense-quantity')).toBeDisabled();

    const picker = screen.getByTestId('expense-resource');
    await user.type(picker, 'Ge');
    expect(await screen.findByText('Type at least 3 characters')).toBeInTheDocument();
    await user.type(picker, 'n');
    const option = await screen.findByRole('option', { name: 'Gent-Brussel — NMBS-SNCB', hidden: true }, { timeout: 3000 });
    const searches = calls.filter((c) => c.url.endsWith('/resource/getByFilter'));
    expect(searches.map((c) => (c.body as { search: string }).search)).toEqual(['Gen']);
    expect(searches[0]?.body).toMatchObject({ active: true });
    await user.click(option);

    const quantity = screen.getByTestId('expense-quantity');
    expect(quantity).toBeEnabled();
    await user.type(quantity, '2.5');
    await user.click(screen.getByTestId('expense-submit'));
    await screen.findByText('back at the user');
    const create = calls.find((c) => c.url.endsWith('/costEventForExternalPurchase/create'))!;
    // the mode follows the resource's unless one was chosen
    expect(create.body).toMatchObject({ budgetOspId: 'b-1', amount: 990, resourceOspId: 'r-1', quantity: 2.5, mobilityMode: 'TRAIN' });
  });

  it('puts the server refusal of the resource on the picker', { timeout: 30_000 }, async () => {
    server((call) =>
      call.url.endsWith('/costEventForExternalPurchase/create')
        ? jsonResponse(400, {
            errorLabel: 'VALIDATION_FAILED',
            message: 'invalid',
            errors: [{ field: 'resourceOspId', messages: ['Resource is not an active resource of the catalogue'] }],
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/expenses/add?userOspId=u-9', newQueryClient(makeUser()));
    await fillPurchase(user);
    await user.type(screen.getByTestId('expense-resource'), 'Gent');
    await user.click(await screen.findByRole('option', { name: 'Gent-Brussel — NMBS-SNCB', hidden: true }, { timeout: 3000 }));
    await user.click(screen.getByTestId('expense-submit'));
    expect(await screen.findByText('Resource is not an active resource of the catalogue')).toBeInTheDocument();
  });
});

describe('ExpenseDetailPage', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  const detail = (overrides: Record<string, unknown>) => ({
    ospId: 'e-1', bookingId: 'ABCDEFGHJKLM', date: '2026-11-20', description: 'Gent-Brussel', amount: 990, netAmount: 990,
    vatPercentage: 6, mobilityMode: 'TRAIN', budgetOspId: 'b-1', budgetType: 'BUSINESS_BUDGET', userOspId: 'u-9',
    userFullName: 'Jan Peeters', corporateAccountOspId: 'ca-1', corporateAccountName: 'Acme', recurrenceOspId: null,
    notBilled: true, settled: false, createdOn: '2026-11-20T09:00:00Z', eventOspId: 'e-1', transactionOspId: 't-1',
    usageReason: '', externalReference: '', identificationField: '', userContractId: '', userEmail: '', corporateAccountExtId: 'ACME',
    companyType: 'B2B', corporateContractType: null, vatAmount: 56, amountExclVat: 934, refundedAmount: 0, addedCost: 0,
    createdBy: 'Anna Acme', corrections: [], resourceOspId: null, resourceName: null, providerName: null, quantity: null,
    ...overrides,
  });

  it('shows the resource, its provider and the quantity', async () => {
    mockFetch(() => jsonResponse(200, detail({ resourceOspId: 'r-1', resourceName: 'Gent-Brussel train', providerName: 'NMBS-SNCB', quantity: 1234.5 })));
    renderRoutes(routes, '/expenses/e-1', newQueryClient(makeUser()));
    expect(await screen.findByText('Gent-Brussel train')).toBeInTheDocument();
    expect(screen.getByText('NMBS-SNCB')).toBeInTheDocument();
    expect(screen.getByText('1,234.5')).toBeInTheDocument();
  });

  it('shows a dash when the expense names no resource', async () => {
    mockFetch(() => jsonResponse(200, detail({})));
    renderRoutes(routes, '/expenses/e-1', newQueryClient(makeUser()));
    await waitFor(() => expect(screen.getByTestId('expense-resource-name')).toHaveTextContent('—'));
  });
});
