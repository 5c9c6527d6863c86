-- +goose Up
-- Invariants of the money tables held by the schema (PostgreSQL half; see
-- 00006_money_invariants.sqlite.sql). Money columns are BIGINT already
-- (PostgreSQL refuses an overflow rather than storing a float).
--
-- The ledger is append-only: UPDATE, DELETE and TRUNCATE on
-- budget_transactions are refused by triggers; budget_transactions.expense_id
-- is a foreign key to expenses.
-- One company budget per company, and one active (ACTIVE or REACTIVATED)
-- budget per owner, type and payment type: the Go checks in budget.Create
-- cannot see a concurrent create's uncommitted row, the index can.
CREATE UNIQUE INDEX budgets_one_company_budget ON budgets(corporate_account_id)
    WHERE user_id IS NULL AND budget_type = 'COMPANY_BUDGET';
CREATE UNIQUE INDEX budgets_one_active_per_type ON budgets(user_id, budget_type, payment_type)
    WHERE user_id IS NOT NULL AND activation_status <> 'DEACTIVATED';

ALTER TABLE budget_transactions ADD CONSTRAINT budget_transactions_expense_fk
    FOREIGN KEY (expense_id) REFERENCES expenses(id);

-- +goose StatementBegin
CREATE FUNCTION budget_transactions_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'budget_transactions is append-only: book a correction instead'
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER budget_transactions_no_update_delete BEFORE UPDATE OR DELETE ON budget_transactions
    FOR EACH ROW EXECUTE FUNCTION budget_transactions_append_only();
CREATE TRIGGER budget_transactions_no_truncate BEFORE TRUNCATE ON budget_transactions
    FOR EACH STATEMENT EXECUTE FUNCTION budget_transactions_append_only();

-- +goose Down
DROP TRIGGER budget_transactions_no_truncate ON budget_transactions;
DROP TRIGGER budget_transactions_no_update_delete ON budget_transactions;
DROP FUNCTION budget_transactions_append_only();
ALTER TABLE budget_transactions DROP CONSTRAINT budget_transactions_expense_fk;
DROP INDEX budgets_one_active_per_type;
DROP INDEX budgets_one_company_budget;
