import { BUDGETS_ROOT } from '@/lib/api/moneyKeys';

// Every key starts with 'budgets' so a booking can refresh all balances at once.
export const budgetKeys = {
  all: BUDGETS_ROOT,
  types: (assigneeOspId: string) => [...BUDGETS_ROOT, 'types', assigneeOspId] as const,
  byOwner: (ownerOspId: string) => [...BUDGETS_ROOT, 'owner', ownerOspId] as const,
  detail: (ospId: string) => [...BUDGETS_ROOT, 'detail', ospId] as const,
  transactions: (filter: unknown) => [...BUDGETS_ROOT, 'transactions', filter] as const,
  privateBalance: (userOspId: string) => [...BUDGETS_ROOT, 'private', userOspId] as const,
  privateList: (filter: unknown) => [...BUDGETS_ROOT, 'privateList', filter] as const,
  company: (corporateAccountOspId: string) => [...BUDGETS_ROOT, 'company', corporateAccountOspId] as const,
};
