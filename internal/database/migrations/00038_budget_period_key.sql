-- +goose Up
-- A budget's latest scheduled period, kept on the budget itself instead of
-- as one budget_period_runs row per (budget, period). The run claims a
-- period by moving this column, in the same statement that moves the
-- balance (compare-and-set on the locked row), so the monthly top-up of
-- 100,000 budgets no longer inserts 100,000 claim rows and no longer seeks
-- the latest of them for every budget (issue 17). The ledger rows keep the
-- history: each top-up and reset carries its period_key.
--
-- The column is in no index, so on PostgreSQL the balance update of the
-- top-up stays a heap-only (HOT) update (see migration 00037).
--
-- Keys compare as strings in time order ("2026" < "2026-12" < "2027"); the
-- latest recorded key is what the run compared before, so it is what the
-- column starts with.

ALTER TABLE budgets ADD COLUMN period_key TEXT;

UPDATE budgets SET period_key = (SELECT r.period_key FROM budget_period_runs r WHERE r.budget_id = budgets.id
    ORDER BY r.period_key DESC LIMIT 1);

DROP TABLE budget_period_runs;

-- +goose Down
CREATE TABLE budget_period_runs (
    budget_id   BIGINT NOT NULL REFERENCES budgets(id),
    period_key  TEXT NOT NULL,
    outcome     TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    PRIMARY KEY (budget_id, period_key)
);
INSERT INTO budget_period_runs (budget_id, period_key, outcome, created_at)
    SELECT id, period_key, 'credited', CURRENT_TIMESTAMP FROM budgets WHERE period_key IS NOT NULL;
ALTER TABLE budgets DROP COLUMN period_key;
