import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import AddAmountPage from './AddAmountPage';

const budget = {
  ospId: 'b-1',
  type: 'COMPANY_BUDGET',
  budgetType: 'MOBILITY_BUDGET',
  data: { currentAmount: 1000, userOspId: 'u-9', activationStatus: 'ACTIVE' },
};

function setup() {
  const { calls } = mockFetch((call) => {
    if (call.url.endsWith('/budget/get')) return jsonResponse(200, budget);
    if (call.url.endsWith('/transaction/addForUser')) return jsonResponse(200, { ospId: 'tx-1' });
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  renderRoutes(
    [
      { path: '/budgets/amount/add', element: <AddAmountPage /> },
      { path: '/manage/app-users/:userOspId/budgets', element: <div data-testid="back">back</div> },
    ],
    '/budgets/amount/add?budgetOspId=b-1',
    newQueryClient(makeUser()),
  );
  return { calls, user: userEvent.setup() };
}

describe('AddAmountPage (manual amount)', () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('limits the description to 140 characters and counts them', async () => {
    const { user } = setup();
    const description = (await screen.findByLabelText(/^Description/)) as HTMLTextAreaElement;
    expect(description).toHaveAttribute('maxLength', '140');
    expect(description).toHaveAttribute('placeholder', 'At most 140 characters');
    await user.type(description, 'abc');
    expect(screen.getByText('3 / 140')).toBeInTheDocument();
  });

  it('refuses a description over 140 characters (pasted) and 0 as amount', async () => {
    const { user, calls } = setup();
    const description = await screen.findByLabelText(/^Description/);
    description.removeAttribute('maxLength');
    await user.click(description);
    await user.paste('x'.repeat(141));
    await user.type(screen.getByLabelText(/^Amount/), '0');
    await user.click(screen.getByTestId('manual-submit'));
    expect(await screen.findByText('Description can have at most 140 characters')).toBeInTheDocument();
    expect(screen.getByText('Amount cannot be 0')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/addForUser'))).toBe(false);
  });

  it('books a negative amount in cents', async () => {
    const { user, calls } = setup();
    await user.type(await screen.findByLabelText(/^Amount/), '-12.34');
    await user.type(screen.getByLabelText(/^Description/), 'Correction');
    await user.click(screen.getByTestId('manual-submit'));
    await screen.findByTestId('back');
    expect(calls.find((c) => c.url.endsWith('/addForUser'))!.body).toEqual({ budgetOspId: 'b-1', amount: -1234, description: 'Correction' });
    expect(calls.find((c) => c.url.endsWith('/addForUser'))!.headers['Idempotency-Key']).toMatch(/^[ -~]{1,255}$/);
  });
});
