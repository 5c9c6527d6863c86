-- +goose Up
-- The budgets below zero, kept beside budgets instead of in a partial index
-- on them (budgets_negative, migration 00019), so that moving a balance is
-- a heap-only (HOT) update on PostgreSQL. An index that names a column, in
-- its key or in its WHERE, makes every update of that column write a new
-- entry into every index of the table: budgets has eight, and the monthly
-- top-up moves 100,000 balances (2.5 s of its 7.8 s, issue 17). Here the
-- follow-up runs only when a balance crosses zero (the trigger's WHEN is
-- checked without calling the function), and budgets leaves free room on
-- each page (fillfactor) for the new row versions.

CREATE TABLE budget_negatives (
    budget_id            BIGINT PRIMARY KEY REFERENCES budgets(id),
    corporate_account_id BIGINT NOT NULL,
    user_id              BIGINT NOT NULL
);
CREATE INDEX budget_negatives_company ON budget_negatives(corporate_account_id, user_id);
CREATE INDEX budget_negatives_user ON budget_negatives(user_id);

INSERT INTO budget_negatives (budget_id, corporate_account_id, user_id)
    SELECT id, corporate_account_id, user_id FROM budgets WHERE balance < 0 AND user_id IS NOT NULL;

-- +goose StatementBegin
CREATE FUNCTION budget_negatives_follow() RETURNS trigger AS $$
BEGIN
    IF NEW.balance < 0 THEN
        INSERT INTO budget_negatives (budget_id, corporate_account_id, user_id)
            VALUES (NEW.id, NEW.corporate_account_id, NEW.user_id) ON CONFLICT (budget_id) DO NOTHING;
    ELSE
        DELETE FROM budget_negatives WHERE budget_id = NEW.id;
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

CREATE TRIGGER budgets_negative_insert AFTER INSERT ON budgets FOR EACH ROW
    WHEN (NEW.balance < 0 AND NEW.user_id IS NOT NULL) EXECUTE FUNCTION budget_negatives_follow();
CREATE TRIGGER budgets_negative_update AFTER UPDATE OF balance ON budgets FOR EACH ROW
    WHEN ((OLD.balance < 0) <> (NEW.balance < 0) AND NEW.user_id IS NOT NULL) EXECUTE FUNCTION budget_negatives_follow();

DROP INDEX budgets_negative;
ALTER TABLE budgets SET (fillfactor = 70);

-- +goose Down
ALTER TABLE budgets RESET (fillfactor);
CREATE INDEX budgets_negative ON budgets(corporate_account_id, user_id) WHERE balance < 0;
DROP TRIGGER budgets_negative_update ON budgets;
DROP TRIGGER budgets_negative_insert ON budgets;
DROP FUNCTION budget_negatives_follow();
DROP TABLE budget_negatives;
