import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import { z } from 'zod';
import type { CreateExpenseRequest, MobilityMode, RecurringCreateRequest } from '@/lib/api/types';
import { DEFAULT_VAT_PERCENTAGE, DESCRIPTION_MAX_LENGTH } from '@/lib/constants';
import { toCents } from '@/lib/money';
import { moneyRule } from '@/lib/validation';
import type { ResourceOption } from '../api/searchResources';

/** A quantity has at most 3 decimals and lies within 0..1,000,000,000 (the server's rule). */
export const QUANTITY_DECIMALS = 3;
export const QUANTITY_MAX = 1_000_000_000;

export interface ExpenseValues {
  kind: 'single' | 'recurring';
  amount: string;
  vatPercentage: string;
  description: string;
  budgetOspId: string;
  date: string;
  usageReason: string;
  mobilityMode: string;
  recurringType: string;
  frequency: 'MONTH' | 'YEAR';
  endDate: string;
  /** The catalogue resource a single purchase was made on, and the quantity of its unit used (both optional). */
  resource: ResourceOption | null;
  quantity: string;
}

export const emptyExpense = (): ExpenseValues => ({
  kind: 'single',
  amount: '',
  vatPercentage: String(DEFAULT_VAT_PERCENTAGE),
  description: '',
  budgetOspId: '',
  date: dayjs().format('YYYY-MM-DD'),
  usageReason: '',
  mobilityMode: '',
  recurringType: '',
  frequency: 'MONTH',
  endDate: '',
  resource: null,
  quantity: '',
});

export function expenseSchema(t: TFunction) {
  const label = (key: string) => t(`expenses:fields.${key}`);
  const required = (key: string) => z.string().min(1, t('validation:required', { label: label(key) }));
  return z
    .object({
      kind: z.enum(['single', 'recurring']),
      amount: moneyRule(t, label('amount'), { allowZero: false }),
      vatPercentage: required('vatPercentage').refine((v) => Number(v) >= 0 && Number(v) <= 100, t('validation:invalid', { label: label('vatPercentage') })),
      description: z
        .string()
        .trim()
        .min(1, t('validation:required', { label: label('description') }))
        .max(DESCRIPTION_MAX_LENGTH, t('validation:maxLength', { label: label('description'), max: DESCRIPTION_MAX_LENGTH })),
      budgetOspId: required('budget'),
      date: required('date'),
      usageReason: z.string(),
      mobilityMode: z.string(),
      recurringType: z.string(),
      frequency: z.enum(['MONTH', 'YEAR']),
      endDate: z.string(),
      resource: z.custom<ResourceOption | null>(),
      quantity: z.string(),
    })
    .superRefine((values, ctx) => {
      if (values.kind === 'single' && values.date && dayjs(values.date).isAfter(dayjs(), 'day')) {
        ctx.addIssue({ code: 'custom', path: ['date'], message: t('validation:afterToday', { label: label('date') }) });
      }
      if (values.kind === 'single' && values.quantity.trim() !== '') {
        const message = quantityError(values.quantity, values.resource !== null, t);
        if (message) ctx.addIssue({ code: 'custom', path: ['quantity'], message });
      }
      if (values.kind === 'recurring') {
        if (!values.recurringType) ctx.addIssue({ code: 'custom', path: ['recurringType'], message: t('validation:required', { label: label('recurringType') }) });
        if (values.endDate && values.date && values.endDate < values.date) {
          ctx.addIssue({ code: 'custom', path: ['endDate'], message: t('validation:dateOrder') });
        }
      }
    });
}

/** Why a quantity cannot be sent, or null when it can. */
function quantityError(quantity: string, hasResource: boolean, t: TFunction): string | null {
  const label = t('expenses:fields.quantity');
  if (!hasResource) return t('expenses:resource.quantityNeedsResource');
  const text = quantity.trim();
  const n = Number(text);
  if (!Number.isFinite(n)) return t('validation:number', { label });
  if (n < 0) return t('validation:notNegative', { label });
  if (n > QUANTITY_MAX) return t('validation:max', { label, max: QUANTITY_MAX.toLocaleString() });
  const decimals = text.split('.')[1]?.length ?? 0;
  if (decimals > QUANTITY_DECIMALS) return t('validation:precision', { label, decimals: QUANTITY_DECIMALS });
  return null;
}

export function toCreateExpense(values: ExpenseValues, userOspId: string): CreateExpenseRequest {
  return {
    userOspId,
    budgetOspId: values.budgetOspId,
    amount: toCents(values.amount) ?? 0,
    vatPercentage: Number(values.vatPercentage),
    description: values.description.trim(),
    date: values.date,
    ...(values.usageReason ? { usageReason: values.usageReason } : {}),
    ...(values.mobilityMode ? { mobilityMode: values.mobilityMode as MobilityMode } : {}),
    ...(values.resource ? { resourceOspId: values.resource.ospId } : {}),
    ...(values.resource && values.quantity.trim() !== '' ? { quantity: Number(values.quantity) } : {}),
  };
}

export function toCreateRecurring(values: ExpenseValues, userOspId: string): RecurringCreateRequest {
  return {
    userOspId,
    budgetOspId: values.budgetOspId,
    type: values.recurringType,
    amount: toCents(values.amount) ?? 0,
    vatPercentage: Number(values.vatPercentage),
    description: values.description.trim(),
    frequency: values.frequency,
    startDate: values.date,
    endDate: values.endDate || undefined,
  };
}
