import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fromCents, toCents } from '@/lib/money';
import { moneyRule, numberRule, overlappingRange, rangeOrderMessage, type CountRange } from '@/lib/validation';
import type { Tier } from '../api/userFees';

/** The API's bounds (internal/userfee): events 1..1,000,000; a fee up to €10,000.00. */
export const MAX_EVENTS = 1_000_000;
export const MAX_FEE_EUROS = 10_000;

/** A tier as the dialog holds it: what the user typed. */
export interface TierValues {
  eventCountFrom: string;
  eventCountTo: string;
  amount: string;
  vatPercent: string;
}

export const TIER_FIELDS = ['eventCountFrom', 'eventCountTo', 'amount', 'vatPercent'] as const;

export const tierValues = (tier: Tier | null): TierValues => ({
  eventCountFrom: tier ? String(tier.eventCountFrom) : '',
  eventCountTo: tier ? String(tier.eventCountTo) : '',
  amount: tier ? fromCents(tier.amount) : '',
  vatPercent: tier ? String(tier.vatPercent) : '21',
});

/** The numbers create and update take (the form's rules passed). */
export const toTierNumbers = (values: TierValues) => ({
  eventCountFrom: Number(values.eventCountFrom),
  eventCountTo: Number(values.eventCountTo),
  amount: toCents(values.amount) ?? 0,
  vatPercent: Number(values.vatPercent),
});

/**
 * The rules of a tier (SPEC §5, as internal/userfee holds them): whole
 * numbers of events, "to" at least "from" (on the to field, as the server
 * names it), a fee of at most €10,000 and a VAT percentage with at most two
 * decimals, and no overlap with the assignee's other tiers (the server
 * checks again under its lock).
 */
export function tierSchema(t: TFunction, others: readonly CountRange[]) {
  const label = (key: string) => t(`userFees:fields.${key}`);
  return z
    .object({
      eventCountFrom: numberRule(t, label('eventCountFrom'), { integer: true, min: 1, max: MAX_EVENTS }),
      eventCountTo: numberRule(t, label('eventCountTo'), { integer: true, min: 1, max: MAX_EVENTS }),
      amount: moneyRule(t, label('amount'), { max: MAX_FEE_EUROS }),
      vatPercent: numberRule(t, label('vatPercent'), { min: 0, max: 100, decimals: 2 }),
    })
    .superRefine((value, ctx) => {
      const order = rangeOrderMessage(t, label('eventCountTo'), value.eventCountFrom, value.eventCountTo);
      if (order) {
        ctx.addIssue({ code: 'custom', path: ['eventCountTo'], message: order });
        return;
      }
      const range = { from: Number(value.eventCountFrom), to: Number(value.eventCountTo) };
      if (!Number.isInteger(range.from) || !Number.isInteger(range.to) || !value.eventCountFrom || !value.eventCountTo) return;
      const other = overlappingRange(others, range);
      if (other) {
        ctx.addIssue({
          code: 'custom',
          path: ['eventCountFrom'],
          message: t('userFees:overlap', { from: other.from, to: other.to }),
        });
      }
    });
}

/** The form checks as the user types, so the to >= from rule shows at once. */
export function useTierForm(tier: Tier | null, others: readonly CountRange[]) {
  const { t } = useTranslation('userFees');
  const schema = useMemo(() => tierSchema(t, others), [t, others]);
  return useForm<TierValues>({ resolver: zodResolver(schema), defaultValues: tierValues(tier), mode: 'onChange' });
}
