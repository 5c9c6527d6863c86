import { api } from '@/lib/api/typed';
import type { MoneyCall } from '@/lib/api/idempotency';
import type { Budget, RedeemRequest } from '@/lib/api/types';
import { useBudgetMutation } from './useBudgetMutation';

/** Credits a promo code to a budget (once per budget). */
export function redeemPromoCode({ body, idempotencyKey }: MoneyCall<RedeemRequest>): Promise<Budget> {
  return api.post('/portal-service/v1/budget/redeem', { body, idempotencyKey });
}

export function useRedeemPromoCode() {
  return useBudgetMutation(redeemPromoCode);
}
