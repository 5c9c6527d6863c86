-- +goose Up
-- Substring search over users (names, login, e-mail, numbers) with a
-- trigram index, so a 3-letter search over 100,000 users stays fast.
-- SQLite: an FTS5 trigram table kept in step with users by triggers.
ALTER TABLE users ADD COLUMN search_text TEXT GENERATED ALWAYS AS (
    lower(firstname || ' ' || lastname || ' ' || COALESCE(login, '') || ' ' || email || ' ' ||
          employee_number || ' ' || COALESCE(ext_id, '') || ' ' || msisdn)) VIRTUAL;

CREATE VIRTUAL TABLE users_fts USING fts5(search_text, content='users', content_rowid='id', tokenize='trigram');

-- +goose StatementBegin
CREATE TRIGGER users_fts_insert AFTER INSERT ON users BEGIN
    INSERT INTO users_fts(rowid, search_text) VALUES (new.id, new.search_text);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER users_fts_delete AFTER DELETE ON users BEGIN
    INSERT INTO users_fts(users_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER users_fts_update AFTER UPDATE OF firstname, lastname, login, email, employee_number, ext_id, msisdn ON users BEGIN
    INSERT INTO users_fts(users_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    INSERT INTO users_fts(rowid, search_text) VALUES (new.id, new.search_text);
END;
-- +goose StatementEnd

INSERT INTO users_fts(users_fts) VALUES ('rebuild');

-- +goose Down
DROP TRIGGER users_fts_update;
DROP TRIGGER users_fts_delete;
DROP TRIGGER users_fts_insert;
DROP TABLE users_fts;
ALTER TABLE users DROP COLUMN search_text;
