import type { TFunction } from 'i18next';
import type { Budget } from '@/lib/api/types';

/** "€ 100.00 / month", "unlimited" or "manual". */
export function recurringText(budget: Budget, t: TFunction, money: (cents: number) => string): string {
  if (budget.unlimited) return t('budgets:unlimited');
  if (!budget.data.frequency) return t('budgets:frequency.MANUAL');
  return t('budgets:perFrequency', { amount: money(budget.data.frequencyAmount), frequency: t(`budgets:per.${budget.data.frequency}`) });
}
