import { api, type Body } from '@/lib/api/typed';
import type { MoneyCall } from '@/lib/api/idempotency';
import { useBudgetMutation } from './useBudgetMutation';

/** Credits a promo code to a budget (once per budget). */
export function redeemPromoCode({ body, idempotencyKey }: MoneyCall<Body<'/portal-service/v1/budget/redeem'>>) {
  return api.post('/portal-service/v1/budget/redeem', { body, idempotencyKey });
}

export function useRedeemPromoCode() {
  return useBudgetMutation(redeemPromoCode);
}
