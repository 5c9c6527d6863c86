-- +goose Up
-- Invariants of the money tables held by the schema (SQLite half; the
-- PostgreSQL half is 00006_money_invariants.postgres.sql).
--
-- SQLite stores whatever a value is: an integer overflow in "balance + ?"
-- becomes a REAL silently. Every money column gets a BEFORE INSERT and a
-- BEFORE UPDATE trigger that refuses any value whose type is not integer
-- (except the ledger: see below).
-- Triggers rather than CHECK constraints because SQLite adds a CHECK only by
-- rebuilding the table, and budgets is referenced by foreign keys from half
-- the schema: a rebuild inside goose's transaction (where PRAGMA
-- foreign_keys cannot be switched off, and a rename rewrites the children's
-- references) would trip them. A trigger gives the same guarantee for every
-- write path, raw SQL included. The ledger (budget_transactions), which no
-- table refers to, is rebuilt instead: real CHECKs and a real foreign key
-- from expense_id to expenses, at no per-row trigger cost.
--
-- The ledger is append-only: UPDATE and DELETE on budget_transactions are
-- refused by triggers.
-- One company budget per company, and one active (ACTIVE or REACTIVATED)
-- budget per owner, type and payment type: the Go checks in budget.Create
-- cannot see a concurrent create's uncommitted row, the index can.
CREATE UNIQUE INDEX budgets_one_company_budget ON budgets(corporate_account_id)
    WHERE user_id IS NULL AND budget_type = 'COMPANY_BUDGET';
CREATE UNIQUE INDEX budgets_one_active_per_type ON budgets(user_id, budget_type, payment_type)
    WHERE user_id IS NOT NULL AND activation_status <> 'DEACTIVATED';

-- +goose StatementBegin
CREATE TRIGGER budgets_money_integer_insert BEFORE INSERT ON budgets
WHEN typeof(NEW.frequency_amount) NOT IN ('integer') OR typeof(NEW.previous_frequency_amount) NOT IN ('integer', 'null') OR typeof(NEW.pending_frequency_amount) NOT IN ('integer', 'null') OR typeof(NEW.budget_upper_limit) NOT IN ('integer', 'null') OR typeof(NEW.threshold) NOT IN ('integer', 'null') OR typeof(NEW.start_amount) NOT IN ('integer') OR typeof(NEW.deposit_transaction_cost) NOT IN ('integer') OR typeof(NEW.security_deposit_amount) NOT IN ('integer') OR typeof(NEW.balance) NOT IN ('integer')
BEGIN
    SELECT RAISE(ABORT, 'budgets: money columns hold integer cents only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
-- the scheduled runs move balances in bulk: the balance has a trigger of
-- its own with one check, fired only by updates that set it
CREATE TRIGGER budgets_balance_integer_update BEFORE UPDATE OF balance ON budgets
WHEN typeof(NEW.balance) <> 'integer'
BEGIN
    SELECT RAISE(ABORT, 'budgets: money columns hold integer cents only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER budgets_money_integer_update BEFORE UPDATE OF frequency_amount, previous_frequency_amount, pending_frequency_amount, budget_upper_limit, threshold, start_amount, deposit_transaction_cost, security_deposit_amount ON budgets
WHEN typeof(NEW.frequency_amount) NOT IN ('integer') OR typeof(NEW.previous_frequency_amount) NOT IN ('integer', 'null') OR typeof(NEW.pending_frequency_amount) NOT IN ('integer', 'null') OR typeof(NEW.budget_upper_limit) NOT IN ('integer', 'null') OR typeof(NEW.threshold) NOT IN ('integer', 'null') OR typeof(NEW.start_amount) NOT IN ('integer') OR typeof(NEW.deposit_transaction_cost) NOT IN ('integer') OR typeof(NEW.security_deposit_amount) NOT IN ('integer')
BEGIN
    SELECT RAISE(ABORT, 'budgets: money columns hold integer cents only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER expenses_money_integer_insert BEFORE INSERT ON expenses
WHEN typeof(NEW.amount) NOT IN ('integer')
BEGIN
    SELECT RAISE(ABORT, 'expenses: money columns hold integer cents only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER expenses_money_integer_update BEFORE UPDATE ON expenses
WHEN typeof(NEW.amount) NOT IN ('integer')
BEGIN
    SELECT RAISE(ABORT, 'expenses: money columns hold integer cents only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER recurring_expenses_money_integer_insert BEFORE INSERT ON recurring_expenses
WHEN typeof(NEW.amount) NOT IN ('integer')
BEGIN
    SELECT RAISE(ABORT, 'recurring_expenses: money columns hold integer cents only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER recurring_expenses_money_integer_update BEFORE UPDATE ON recurring_expenses
WHEN typeof(NEW.amount) NOT IN ('integer')
BEGIN
    SELECT RAISE(ABORT, 'recurring_expenses: money columns hold integer cents only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER promo_codes_money_integer_insert BEFORE INSERT ON promo_codes
WHEN typeof(NEW.amount) NOT IN ('integer')
BEGIN
    SELECT RAISE(ABORT, 'promo_codes: money columns hold integer cents only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER promo_codes_money_integer_update BEFORE UPDATE ON promo_codes
WHEN typeof(NEW.amount) NOT IN ('integer')
BEGIN
    SELECT RAISE(ABORT, 'promo_codes: money columns hold integer cents only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER company_budget_types_money_integer_insert BEFORE INSERT ON company_budget_types
WHEN typeof(NEW.frequency_amount) NOT IN ('integer') OR typeof(NEW.budget_upper_limit) NOT IN ('integer', 'null')
BEGIN
    SELECT RAISE(ABORT, 'company_budget_types: money columns hold integer cents only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER company_budget_types_money_integer_update BEFORE UPDATE ON company_budget_types
WHEN typeof(NEW.frequency_amount) NOT IN ('integer') OR typeof(NEW.budget_upper_limit) NOT IN ('integer', 'null')
BEGIN
    SELECT RAISE(ABORT, 'company_budget_types: money columns hold integer cents only');
END;
-- +goose StatementEnd
-- The ledger itself has no table referring to it, so it is rebuilt with
-- real constraints: CHECKs that its money columns hold integers, and the
-- foreign key from expense_id to expenses (deleting a booked expense is
-- refused by it too).
CREATE TABLE budget_transactions_new (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    osp_id          TEXT NOT NULL UNIQUE,
    budget_id       BIGINT NOT NULL REFERENCES budgets(id),
    tx_type         TEXT NOT NULL,
    amount          BIGINT NOT NULL CHECK (typeof(amount) = 'integer'),
    balance_after   BIGINT NOT NULL CHECK (typeof(balance_after) = 'integer'),
    description     TEXT NOT NULL DEFAULT '',
    expense_id      BIGINT REFERENCES expenses(id),
    period_key      TEXT,
    booking_date    TEXT NOT NULL,
    created_by      BIGINT REFERENCES users(id),
    created_at      TIMESTAMP NOT NULL
);
INSERT INTO budget_transactions_new (id, osp_id, budget_id, tx_type, amount, balance_after, description, expense_id, period_key,
    booking_date, created_by, created_at)
SELECT id, osp_id, budget_id, tx_type, amount, balance_after, description, expense_id, period_key, booking_date, created_by, created_at
FROM budget_transactions;
DROP TABLE budget_transactions;
ALTER TABLE budget_transactions_new RENAME TO budget_transactions;
CREATE INDEX budget_transactions_budget ON budget_transactions(budget_id, id);
CREATE INDEX budget_transactions_expense ON budget_transactions(expense_id) WHERE expense_id IS NOT NULL;
CREATE INDEX budget_transactions_date ON budget_transactions(booking_date);

-- +goose StatementBegin
CREATE TRIGGER budget_transactions_no_update BEFORE UPDATE ON budget_transactions
BEGIN
    SELECT RAISE(ABORT, 'budget_transactions is append-only: book a correction instead');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER budget_transactions_no_delete BEFORE DELETE ON budget_transactions
BEGIN
    SELECT RAISE(ABORT, 'budget_transactions is append-only: book a correction instead');
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER budget_transactions_no_delete;
DROP TRIGGER budget_transactions_no_update;
CREATE TABLE budget_transactions_old (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    osp_id          TEXT NOT NULL UNIQUE,
    budget_id       BIGINT NOT NULL REFERENCES budgets(id),
    tx_type         TEXT NOT NULL,
    amount          BIGINT NOT NULL,
    balance_after   BIGINT NOT NULL,
    description     TEXT NOT NULL DEFAULT '',
    expense_id      BIGINT,
    period_key      TEXT,
    booking_date    TEXT NOT NULL,
    created_by      BIGINT REFERENCES users(id),
    created_at      TIMESTAMP NOT NULL
);
INSERT INTO budget_transactions_old SELECT * FROM budget_transactions;
DROP TABLE budget_transactions;
ALTER TABLE budget_transactions_old RENAME TO budget_transactions;
CREATE INDEX budget_transactions_budget ON budget_transactions(budget_id, id);
CREATE INDEX budget_transactions_expense ON budget_transactions(expense_id) WHERE expense_id IS NOT NULL;
CREATE INDEX budget_transactions_date ON budget_transactions(booking_date);
DROP TRIGGER budgets_money_integer_insert;
DROP TRIGGER budgets_money_integer_update;
DROP TRIGGER budgets_balance_integer_update;
DROP TRIGGER expenses_money_integer_insert;
DROP TRIGGER expenses_money_integer_update;
DROP TRIGGER recurring_expenses_money_integer_insert;
DROP TRIGGER recurring_expenses_money_integer_update;
DROP TRIGGER promo_codes_money_integer_insert;
DROP TRIGGER promo_codes_money_integer_update;
DROP TRIGGER company_budget_types_money_integer_insert;
DROP TRIGGER company_budget_types_money_integer_update;
DROP INDEX budgets_one_active_per_type;
DROP INDEX budgets_one_company_budget;
