import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientForTests } from '@/lib/api/client';
import { setTokens } from '@/lib/auth/tokens';
import { jsonResponse, mockFetch } from '@/test/http';
import { makeUser, newQueryClient, renderRoutes } from '@/test/render';
import UserBudgetsTab from './UserBudgetsTab';

const budget = (ospId: string, budgetType: string, currentAmount: number, activationStatus = 'ACTIVE') => ({
  ospId,
  type: 'COMPANY_BUDGET',
  budgetType,
  data: { currentAmount, userOspId: 'u-9', activationStatus },
});

/** The user's budgets; a redeem answers per code, and later budget reads show the new balance. */
function setup(answer: (code: string) => Response) {
  let balance = 1000;
  const { calls } = mockFetch((call) => {
    if (call.url.endsWith('/budget/getByOwner')) {
      return jsonResponse(200, [budget('b-1', 'MOBILITY_BUDGET', balance), budget('b-2', 'BUSINESS_BUDGET', 0, 'DEACTIVATED')]);
    }
    if (call.url.endsWith('/budget/redeem')) {
      const res = answer((call.body as { promoCode: string }).promoCode);
      if (res.ok) balance += 2500;
      return res;
    }
    return jsonResponse(404, { errorLabel: 'NOT_FOUND' });
  });
  renderRoutes([{ path: '/manage/app-users/:userOspId/budgets', element: <UserBudgetsTab /> }], '/manage/app-users/u-9/budgets', newQueryClient(makeUser()));
  return { calls, user: userEvent.setup() };
}

describe('RedeemCodeDialog', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetApiClientForTests();
    setTokens({ token: 't', refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('redeems the trimmed code on the only active budget with an Idempotency-Key, then shows the new balance', async () => {
    const { calls, user } = setup(() => jsonResponse(200, budget('b-1', 'MOBILITY_BUDGET', 3500)));
    const balance = async () => within(await screen.findByTestId('budget-card-MOBILITY_BUDGET')).getByTestId('budget-balance');
    expect(await balance()).toHaveTextContent('10.00');
    await user.click(screen.getByTestId('redeem-open'));
    await user.type(await screen.findByTestId('redeem-code'), '  welkom25 ');
    await user.click(screen.getByTestId('redeem-submit'));

    await waitFor(() => expect(screen.queryByTestId('redeem-code')).toBeNull());
    const redeem = calls.filter((c) => c.url.endsWith('/budget/redeem'));
    expect(redeem).toHaveLength(1);
    expect(redeem[0]!.body).toEqual({ budgetOspId: 'b-1', promoCode: 'welkom25' });
    expect(redeem[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(async () => expect(await balance()).toHaveTextContent('35.00'));
  });

  it('asks for a code before calling, and shows the server refusal in the dialog', async () => {
    const { calls, user } = setup((code) =>
      code === 'USED'
        ? jsonResponse(409, { errorLabel: 'PROMO_CODE_ALREADY_USED', message: 'used' })
        : jsonResponse(400, { errorLabel: 'PROMO_CODE_UNKNOWN', message: 'unknown', errors: [{ field: 'promoCode', messages: ['This promo code does not exist'] }] }),
    );
    await user.click(await screen.findByTestId('redeem-open'));
    await user.type(await screen.findByTestId('redeem-code'), '   ');
    await user.click(screen.getByTestId('redeem-submit'));
    expect(await screen.findByText('Enter the promo code')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/budget/redeem'))).toBe(false);

    await user.type(screen.getByTestId('redeem-code'), 'NOPE');
    await user.click(screen.getByTestId('redeem-submit'));
    expect(await screen.findByTestId('redeem-error')).toHaveTextContent('This promo code does not exist');

    await user.clear(screen.getByTestId('redeem-code'));
    await user.type(screen.getByTestId('redeem-code'), 'USED');
    await user.click(screen.getByTestId('redeem-submit'));
    await waitFor(() => expect(screen.getByTestId('redeem-error')).toHaveTextContent('This promo code has already been used'));
    const keys = calls.filter((c) => c.url.endsWith('/budget/redeem')).map((c) => c.headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(2); // another code, another submission
  });
});
