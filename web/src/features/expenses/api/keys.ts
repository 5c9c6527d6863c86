import { EXPENSES_ROOT } from '@/lib/api/moneyKeys';

export const expenseKeys = {
  all: EXPENSES_ROOT,
  list: (filter: unknown) => [...EXPENSES_ROOT, 'list', filter] as const,
  detail: (ospId: string) => [...EXPENSES_ROOT, 'detail', ospId] as const,
  recurringTypes: () => [...EXPENSES_ROOT, 'recurringTypes'] as const,
  recurring: (ospId: string) => [...EXPENSES_ROOT, 'recurring', ospId] as const,
  recurringByUser: (userOspId: string) => [...EXPENSES_ROOT, 'recurringByUser', userOspId] as const,
  userBudgets: (userOspId: string) => [...EXPENSES_ROOT, 'userBudgets', userOspId] as const,
  usageReasons: (corporateAccountOspId: string) => [...EXPENSES_ROOT, 'usageReasons', corporateAccountOspId] as const,
  resources: (term: string) => [...EXPENSES_ROOT, 'resources', term] as const,
};
