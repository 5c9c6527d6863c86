-- +goose Up
-- The ledger's date index covers only the rows of expenses. Its one reader
-- that needs it, the month's invoicing (budget.store.monthExpenses), reads
-- expense rows between two booking dates; a company's ledger of a month
-- reads the company's budgets first and their rows through
-- budget_transactions_budget. Every other row (the monthly top-ups and
-- resets, transfers, manual changes: 100,000 rows a month for 100,000
-- budgets) no longer pays for an entry in it (issue 17: 0.12-0.19 s of
-- the 100,000-budget top-up on PostgreSQL).
DROP INDEX budget_transactions_date;
CREATE INDEX budget_transactions_date ON budget_transactions(booking_date) WHERE expense_id IS NOT NULL;

-- +goose Down
DROP INDEX budget_transactions_date;
CREATE INDEX budget_transactions_date ON budget_transactions(booking_date);
