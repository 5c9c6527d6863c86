-- +goose Up
-- The dashboard's "users with a negative budget" per company
-- (budget's negativeUsersPerCompany) read every budget of a company to find
-- the few below zero: 30 ms at 100,000 budgets. A partial index holds only
-- those below zero, so the count reads them alone; a posting touches it only
-- when a balance crosses zero.
CREATE INDEX budgets_negative ON budgets(corporate_account_id, user_id) WHERE balance < 0;

-- +goose Down
DROP INDEX budgets_negative;
