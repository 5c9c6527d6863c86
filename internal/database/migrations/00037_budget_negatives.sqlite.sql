-- +goose Up
-- The budgets below zero, kept beside budgets instead of in a partial index
-- on them (budgets_negative, migration 00019): on PostgreSQL an index that
-- names balance makes every balance update rewrite all eight indexes of
-- budgets (see the PostgreSQL version of this migration). SQLite keeps the
-- same table, so the queries are one on both; the triggers run only when a
-- balance crosses zero.

CREATE TABLE budget_negatives (
    budget_id            INTEGER PRIMARY KEY REFERENCES budgets(id),
    corporate_account_id INTEGER NOT NULL,
    user_id              INTEGER NOT NULL
);
CREATE INDEX budget_negatives_company ON budget_negatives(corporate_account_id, user_id);
CREATE INDEX budget_negatives_user ON budget_negatives(user_id);

INSERT INTO budget_negatives (budget_id, corporate_account_id, user_id)
    SELECT id, corporate_account_id, user_id FROM budgets WHERE balance < 0 AND user_id IS NOT NULL;

-- +goose StatementBegin
CREATE TRIGGER budgets_negative_insert AFTER INSERT ON budgets FOR EACH ROW
    WHEN NEW.balance < 0 AND NEW.user_id IS NOT NULL
BEGIN
    INSERT OR IGNORE INTO budget_negatives (budget_id, corporate_account_id, user_id)
        VALUES (NEW.id, NEW.corporate_account_id, NEW.user_id);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER budgets_negative_update AFTER UPDATE OF balance ON budgets FOR EACH ROW
    WHEN (OLD.balance < 0) <> (NEW.balance < 0) AND NEW.user_id IS NOT NULL
BEGIN
    DELETE FROM budget_negatives WHERE budget_id = NEW.id;
    INSERT INTO budget_negatives (budget_id, corporate_account_id, user_id)
        SELECT NEW.id, NEW.corporate_account_id, NEW.user_id WHERE NEW.balance < 0;
END;
-- +goose StatementEnd

DROP INDEX budgets_negative;

-- +goose Down
CREATE INDEX budgets_negative ON budgets(corporate_account_id, user_id) WHERE balance < 0;
DROP TRIGGER budgets_negative_update;
DROP TRIGGER budgets_negative_insert;
DROP TABLE budget_negatives;
