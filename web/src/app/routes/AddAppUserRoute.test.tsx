import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch, type Call } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import AddAppUserRoute from './AddAppUserRoute';

const offered = [
  { budgetType: 'BUSINESS_BUDGET', enabled: true, frequency: 'MONTH', frequencyAmount: 10000, transferStrategy: 'MONTH_RESET', unlimited: false, budgetUpperLimit: null },
  { budgetType: 'CAFETERIA_BUDGET', enabled: true, frequency: null, frequencyAmount: 0, transferStrategy: null, unlimited: false, budgetUpperLimit: null },
];

const groups = {
  content: [
    { ospId: 'g-all', data: { active: true, description: '', extId: 'ALL_ACME_USERS', name: 'ALL ACME USERS', corporateAccount: { ospId: 'ca-1' }, userCount: 4, isDefault: true } },
  ],
  totalElements: 1, totalPages: 1, page: 1, size: 1000,
};

function setup(onCreate: (call: Call) => Response = () => jsonResponse(200, { ospId: 'new-1' })) {
  const { calls } = mockFetch((call) => {
    if (call.url.endsWith('/user/verifyLogin')) return jsonResponse(200, { valid: true });
    if (call.url.endsWith('/usergroup/findAll')) return jsonResponse(200, groups);
    if (call.url.endsWith('/company/budgetType/list')) return jsonResponse(200, offered);
    if (call.url.endsWith('/user/mobile/create')) return onCreate(call);
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  const result = renderRoutes(
    [
      { path: '/manage/app-users/add', element: <AddAppUserRoute /> },
      { path: '/manage/app-users/:userOspId/*', element: <div data-testid="page">detail</div> },
    ],
    '/manage/app-users/add',
    newQueryClient(makeUser()),
  );
  return { ...result, calls, user: userEvent.setup() };
}

async function toBudgets(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^First name/), 'Eva');
  await user.type(screen.getByLabelText(/^Last name/), 'Example');
  await user.type(screen.getByLabelText(/^E-mail/), 'eva@example.com');
  await user.type(screen.getByLabelText(/^Login/), 'eva.example');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(await screen.findByTestId('step-budget-BUSINESS_BUDGET'));
  await user.click(screen.getByTestId('step-budget-CAFETERIA_BUDGET'));
}

describe('AddAppUserRoute', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  // Typing through three steps takes a few seconds on a busy machine.
  it('creates the user and the chosen budgets in one call, with an idempotency key', { timeout: 20000 }, async () => {
    const { user, calls, router } = setup();
    await toBudgets(user);
    const starts = screen.getAllByLabelText(/^Start amount/);
    await user.type(starts[0]!, '40');
    await user.type(starts[1]!, '25.50');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('default-group');
    await user.click(screen.getByRole('button', { name: 'Create user' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/app-users/new-1'));
    const creates = calls.filter((c) => c.url.endsWith('/user/mobile/create'));
    expect(creates).toHaveLength(1);
    expect(calls.filter((c) => c.url.includes('/budget/'))).toHaveLength(0);
    expect(creates[0]!.headers['Idempotency-Key']).toMatch(/\S/);
    expect((creates[0]!.body as { userBudgets: unknown }).userBudgets).toEqual([
      { type: 'BUSINESS_BUDGET', data: { frequency: 'MONTH', unlimited: false, frequencyAmount: 10000, transferStrategy: 'MONTH_RESET', startAmount: 4000 } },
      { type: 'CAFETERIA_BUDGET', data: { frequency: '', unlimited: false, startAmount: 2550 } },
    ]);
  });

  it('shows the server\'s errors about a budget on the budgets step', { timeout: 20000 }, async () => {
    const { user, router } = setup(() =>
      jsonResponse(400, {
        errorLabel: 'VALIDATION_FAILED',
        message: 'invalid',
        errors: [
          { field: 'userBudgets[1].data.startAmount', messages: ['Start amount is too high'] },
          { field: 'userBudgets[0].type', messages: ['This budget type is not offered'] },
        ],
      }),
    );
    await toBudgets(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('default-group');
    await user.click(screen.getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText('Start amount is too high')).toBeInTheDocument();
    expect(screen.getByText('This budget type is not offered')).toBeInTheDocument();
    expect(screen.getByTestId('budgets-step')).toBeVisible();
    expect(router.state.location.pathname).toBe('/manage/app-users/add');
  });
});
