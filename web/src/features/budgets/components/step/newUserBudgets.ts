import type { ApiFieldError, CompanyBudgetType, NewUserBudgetRequest } from '@/lib/api/types';
import { toCents } from '@/lib/money';

/** A budget chosen in the add-user stepper, opened together with the user. */
export interface NewUserBudget {
  budgetType: string;
  frequencyAmount: string;
  startAmount: string;
}

/** A chosen budget as an element of the create call's userBudgets: the company's frequency, strategy and limits for the type. */
export function toUserBudget(choice: NewUserBudget, offered: CompanyBudgetType | undefined): NewUserBudgetRequest {
  const frequency = offered?.unlimited ? '' : (offered?.frequency ?? '');
  const amount = toCents(choice.frequencyAmount);
  const start = toCents(choice.startAmount);
  return {
    type: choice.budgetType as NewUserBudgetRequest['type'],
    data: {
      frequency,
      unlimited: Boolean(offered?.unlimited),
      ...(frequency && amount !== null ? { frequencyAmount: amount } : {}),
      ...(frequency && offered?.transferStrategy ? { transferStrategy: offered.transferStrategy } : {}),
      ...(offered?.budgetUpperLimit !== null && offered?.budgetUpperLimit !== undefined ? { budgetUpperLimit: offered.budgetUpperLimit } : {}),
      ...(start !== null ? { startAmount: start } : {}),
    },
  };
}

/** The amounts the step has an input for; the server's other fields are told on the budget's row. */
const STEP_FIELDS = ['frequencyAmount', 'startAmount'];

/**
 * The step's errors (keyed `${budgetType}.${field}`, or `${budgetType}` for
 * the budget as a whole) from a refused create's field errors, which name
 * userBudgets[i].data.<field> or userBudgets[i].type; sent is the list the
 * call was made with, so i is a position in it.
 */
export function budgetStepErrors(errors: readonly ApiFieldError[], sent: readonly NewUserBudget[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const match = /^userBudgets\[(\d+)\](?:\.data)?\.(.+)$/.exec(error.field);
    const choice = match ? sent[Number(match[1])] : undefined;
    const message = error.messages[0];
    if (!match || !choice || !message) continue;
    const key = STEP_FIELDS.includes(match[2]!) ? `${choice.budgetType}.${match[2]}` : choice.budgetType;
    out[key] ??= message;
  }
  return out;
}
