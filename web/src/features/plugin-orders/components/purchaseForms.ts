import type { TFunction } from 'i18next';
import { z } from 'zod';
import { fromCents, toCents } from '@/lib/money';
import { moneyRule } from '@/lib/validation';
import type { Purchase } from '../api/purchases';

/** The API's bounds (internal/plugin): a price above 0 up to €10,000,000; texts of 500 and 2,000 characters. */
export const MAX_PRICE_EUROS = 10_000_000;
export const REMARK_MAX = 500;
export const DETAILS_MAX = 2000;

export interface UpdateValues {
  price: string;
  remark: string;
  details: string;
}

export const UPDATE_FIELDS = ['price', 'remark', 'details'] as const;

export const updateValues = (p: Purchase): UpdateValues => ({ price: fromCents(p.price), remark: p.remark, details: p.details });

/** What purchase/update takes once the form's rules passed. */
export const toUpdateBody = (purchaseOspId: string, v: UpdateValues) => ({
  purchaseOspId,
  price: toCents(v.price) ?? 0,
  remark: v.remark.trim(),
  details: v.details.trim(),
});

const maxText = (t: TFunction, label: string, max: number) =>
  z.string().max(max, { message: t('validation:maxLength', { label, count: max, max }) });

/** A purchase's price (more than zero, two decimals, within the API's bound), remark and details. */
export function updateSchema(t: TFunction) {
  return z.object({
    price: moneyRule(t, t('pluginOrders:fields.price'), { allowZero: false, min: 0.01, max: MAX_PRICE_EUROS }),
    remark: maxText(t, t('pluginOrders:fields.remark'), REMARK_MAX),
    details: maxText(t, t('pluginOrders:fields.details'), DETAILS_MAX),
  });
}

export interface RejectValues {
  reason: string;
}

/** A rejection needs a reason the employee reads (at most 500 characters). */
export function rejectSchema(t: TFunction) {
  const label = t('pluginOrders:fields.reason');
  return z.object({
    reason: z
      .string()
      .refine((v) => v.trim() !== '', { message: t('validation:required', { label }) })
      .pipe(maxText(t, label, REMARK_MAX)),
  });
}
