import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { Budget, BudgetTypeInfo, BudgetWriteData } from '@/lib/api/types';
import { fromCents, toCents } from '@/lib/money';
import { moneyRule } from '@/lib/validation';

/** '' is manual: no frequency, the budget only moves by manual amounts. */
export type FrequencyValue = '' | 'MONTH' | 'YEAR';

export interface BudgetValues {
  budgetType: string;
  frequency: FrequencyValue;
  transferStrategy: string;
  frequencyAmount: string;
  startAmount: string;
  equalToRecurring: boolean;
  unlimited: boolean;
  budgetUpperLimit: string;
  frequencyAmountUpdateStrategy: 'NEXT_PERIOD' | 'IMMEDIATELY';
  endOfYearRecurrenceStrategy: 'CONTINUE' | 'STOP';
  paymentType: 'COMPANY_BUDGET' | 'PRIVATE_BUDGET';
}

export const EMPTY_BUDGET: BudgetValues = {
  budgetType: '',
  frequency: '',
  transferStrategy: '',
  frequencyAmount: '',
  startAmount: '',
  equalToRecurring: false,
  unlimited: false,
  budgetUpperLimit: '',
  frequencyAmountUpdateStrategy: 'NEXT_PERIOD',
  endOfYearRecurrenceStrategy: 'CONTINUE',
  paymentType: 'COMPANY_BUDGET',
};

/** The frequencies the type allows, in the server's order ('' = manual). */
export function allowedFrequencies(info: BudgetTypeInfo | undefined): FrequencyValue[] {
  return (info?.allowedFrequencies ?? []).map((f) => f.value as FrequencyValue);
}

/** The transfer strategies the type allows for a frequency (none for manual). */
export function allowedStrategies(info: BudgetTypeInfo | undefined, frequency: FrequencyValue): string[] {
  if (!info || !frequency) return [];
  return info.allowedStrategiesForFrequency[frequency] ?? [];
}

/** The type's default frequency and strategy: what the form shows after a type is chosen. */
export function defaultsFor(info: BudgetTypeInfo): Pick<BudgetValues, 'frequency' | 'transferStrategy' | 'unlimited'> {
  const frequencies = allowedFrequencies(info);
  const frequency = (frequencies.includes(info.defaultFrequency as FrequencyValue)
    ? info.defaultFrequency
    : (frequencies[0] ?? '')) as FrequencyValue;
  return { frequency, transferStrategy: strategyFor(info, frequency), unlimited: false };
}

/** The default strategy of a frequency, or its first allowed one. */
export function strategyFor(info: BudgetTypeInfo, frequency: FrequencyValue): string {
  if (!frequency) return '';
  const allowed = allowedStrategies(info, frequency);
  const preferred = info.defaultTransferStrategy[frequency];
  return preferred && allowed.includes(preferred) ? preferred : (allowed[0] ?? '');
}

export function budgetSchema(t: TFunction, mode: 'create' | 'edit') {
  const label = (key: string) => t(`budgets:fields.${key}`);
  return z
    .object({
      budgetType: z.string().min(1, t('validation:required', { label: label('budgetType') })),
      frequency: z.enum(['', 'MONTH', 'YEAR']),
      transferStrategy: z.string(),
      frequencyAmount: z.string(),
      startAmount: z.string(),
      equalToRecurring: z.boolean(),
      unlimited: z.boolean(),
      budgetUpperLimit: z.string(),
      frequencyAmountUpdateStrategy: z.enum(['NEXT_PERIOD', 'IMMEDIATELY']),
      endOfYearRecurrenceStrategy: z.enum(['CONTINUE', 'STOP']),
      paymentType: z.enum(['COMPANY_BUDGET', 'PRIVATE_BUDGET']),
    })
    .superRefine((values, ctx) => {
      const check = (path: keyof BudgetValues, rule: z.ZodType, value: unknown) => {
        const result = rule.safeParse(value);
        if (!result.success) ctx.addIssue({ code: 'custom', path: [path], message: result.error.issues[0]!.message });
      };
      const recurring = Boolean(values.frequency) && !values.unlimited;
      if (recurring) {
        check('frequencyAmount', moneyRule(t, label('frequencyAmount')), values.frequencyAmount);
        if (!values.transferStrategy) {
          ctx.addIssue({ code: 'custom', path: ['transferStrategy'], message: t('validation:required', { label: label('transferStrategy') }) });
        }
      }
      if (mode === 'create' && !values.unlimited && !(values.equalToRecurring && recurring)) {
        check('startAmount', moneyRule(t, label('startAmount'), { required: false }), values.startAmount);
      }
      if (!values.unlimited) {
        check('budgetUpperLimit', moneyRule(t, label('budgetUpperLimit'), { required: false }), values.budgetUpperLimit);
      }
    });
}

/** The create/update payload's data; amounts in cents, unset fields left out. */
export function toWriteData(values: BudgetValues, mode: 'create' | 'edit'): BudgetWriteData {
  const recurring = Boolean(values.frequency) && !values.unlimited;
  const data: BudgetWriteData = {
    frequency: values.unlimited ? '' : values.frequency,
    unlimited: values.unlimited,
    frequencyAmountUpdateStrategy: values.frequencyAmountUpdateStrategy,
    endOfYearRecurrenceStrategy: values.endOfYearRecurrenceStrategy,
    paymentType: values.paymentType,
  };
  if (recurring) {
    data.frequencyAmount = toCents(values.frequencyAmount) ?? 0;
    data.transferStrategy = values.transferStrategy;
  }
  if (!values.unlimited) {
    const limit = toCents(values.budgetUpperLimit);
    if (limit !== null) data.budgetUpperLimit = limit;
  }
  if (mode === 'create' && !values.unlimited) {
    if (recurring && values.equalToRecurring) data.equalToRecurring = true;
    else {
      const start = toCents(values.startAmount);
      if (start !== null) data.startAmount = start;
    }
  }
  return data;
}

/** An existing budget as form values (edit). */
export function fromBudget(budget: Budget): BudgetValues {
  const d = budget.data;
  return {
    budgetType: budget.budgetType,
    frequency: (d.frequency ?? '') as FrequencyValue,
    transferStrategy: d.transferStrategy ?? '',
    frequencyAmount: fromCents(d.pendingFrequencyAmount ?? d.frequencyAmount),
    startAmount: '',
    equalToRecurring: false,
    unlimited: budget.unlimited,
    budgetUpperLimit: fromCents(d.budgetUpperLimit),
    frequencyAmountUpdateStrategy: (d.frequencyAmountUpdateStrategy || 'NEXT_PERIOD') as BudgetValues['frequencyAmountUpdateStrategy'],
    endOfYearRecurrenceStrategy: (d.endOfYearRecurrenceStrategy || 'CONTINUE') as BudgetValues['endOfYearRecurrenceStrategy'],
    paymentType: (budget.type || 'COMPANY_BUDGET') as BudgetValues['paymentType'],
  };
}
