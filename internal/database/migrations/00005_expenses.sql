-- +goose Up
-- Expenses (the expense package): booking ids unique platform-wide, and
-- recurring external purchases with their occurrences. The tables
-- expenses and recurring_expenses come from 00004.
--
-- An expense's money is in the ledger, never on the expense row: its
-- "event" row (−amount) and later "refund" and "update" rows all carry
-- budget_transactions.expense_id, so the net cost is −SUM(amount) over them.
-- expenses.vat_percentage and recurring_expenses.vat_percentage are basis
-- points (2100 = 21 %).

CREATE UNIQUE INDEX expenses_booking_id ON expenses(booking_id);
CREATE INDEX expenses_budget ON expenses(budget_id, expense_date);

-- next_date: the next occurrence the jobs runner has to handle (NULL when
-- the recurrence is over); deleted_at: removed with "this and all
-- following" from its first occurrence on.
ALTER TABLE recurring_expenses ADD COLUMN next_date TEXT;
ALTER TABLE recurring_expenses ADD COLUMN deleted_at TIMESTAMP;
ALTER TABLE recurring_expenses ADD COLUMN updated_at TIMESTAMP;
CREATE INDEX recurring_expenses_due ON recurring_expenses(next_date);

-- One row per occurrence that was handled: booked (expense_id set), failed
-- (the budget refused it: error_label says why; never retried) or cancelled
-- (deleted "this one only", possibly ahead of time). The primary key makes
-- every occurrence exactly-once, beside the unique index
-- expenses(recurrence_id, period_key) on the booked expense itself.
CREATE TABLE recurring_expense_occurrences (
    recurrence_id    BIGINT NOT NULL REFERENCES recurring_expenses(id),
    occurrence_date  TEXT NOT NULL, -- yyyy-MM-dd, also the expense's period_key
    outcome          TEXT NOT NULL, -- booked, failed, cancelled
    expense_id       BIGINT REFERENCES expenses(id),
    error_label      TEXT NOT NULL DEFAULT '',
    created_at       TIMESTAMP NOT NULL,
    PRIMARY KEY (recurrence_id, occurrence_date)
);

-- +goose Down
DROP TABLE recurring_expense_occurrences;
DROP INDEX recurring_expenses_due;
ALTER TABLE recurring_expenses DROP COLUMN updated_at;
ALTER TABLE recurring_expenses DROP COLUMN deleted_at;
ALTER TABLE recurring_expenses DROP COLUMN next_date;
DROP INDEX expenses_budget;
DROP INDEX expenses_booking_id;
