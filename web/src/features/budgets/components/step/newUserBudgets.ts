import type { CompanyBudgetType, CreateBudgetRequest } from '@/lib/api/types';
import { toCents } from '@/lib/money';

/** A budget chosen in the add-user stepper, opened once the user exists. */
export interface NewUserBudget {
  budgetType: string;
  frequencyAmount: string;
  startAmount: string;
}

/** The create call for a chosen budget: the company's frequency, strategy and limits for the type. */
export function toCreateRequest(choice: NewUserBudget, offered: CompanyBudgetType | undefined, userOspId: string): CreateBudgetRequest {
  const frequency = offered?.unlimited ? '' : (offered?.frequency ?? '');
  const amount = toCents(choice.frequencyAmount);
  const start = toCents(choice.startAmount);
  return {
    ownerOspId: userOspId,
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

export type CreationState = 'pending' | 'running' | 'done' | 'failed';
export interface CreationRow {
  budgetType: string;
  state: CreationState;
  error?: string;
}
