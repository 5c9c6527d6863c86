// Roots of the money queries. Budgets and expenses are separate features,
// but a write in one changes what the other shows (a booked expense lowers
// a balance), so both know the other's root to invalidate it.
export const BUDGETS_ROOT = ['budgets'] as const;
export const EXPENSES_ROOT = ['expenses'] as const;
/** The users list's "negative budget" filter and count. */
export const NEGATIVE_BUDGET_ROOT = ['users', 'negativeBudget'] as const;
