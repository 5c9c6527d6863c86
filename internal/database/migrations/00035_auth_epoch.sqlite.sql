-- +goose Up
-- The sign-in epoch (internal/auth, issue 17): auth keeps the principals of
-- recently used access tokens in memory and trusts one only while this
-- number is what it was when the principal was read. Every change that
-- can alter or end a principal moves it, through the triggers below, in the
-- same transaction as the change: a session ended, a token deleted, a user
-- changed or removed, a role given or taken, credentials blocked or
-- removed, a company or partner changed. Triggers rather than code, so no
-- write path, today's or tomorrow's, can forget it. The number only grows.

CREATE TABLE auth_epoch (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    epoch BIGINT NOT NULL
);
INSERT INTO auth_epoch (id, epoch) VALUES (1, 0);

-- SQLite runs one writer at a time, so the single row is no contention.

-- +goose StatementBegin
CREATE TRIGGER auth_epoch_sessions_update AFTER UPDATE ON sessions
BEGIN
    UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER auth_epoch_sessions_delete AFTER DELETE ON sessions
BEGIN
    UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER auth_epoch_tokens_delete AFTER DELETE ON session_tokens
BEGIN
    UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER auth_epoch_credentials_insert AFTER INSERT ON credentials
WHEN new.blocked
BEGIN
    UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER auth_epoch_credentials_update AFTER UPDATE ON credentials
WHEN old.blocked IS NOT new.blocked OR old.user_id IS NOT new.user_id
BEGIN
    UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER auth_epoch_credentials_delete AFTER DELETE ON credentials
BEGIN
    UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER auth_epoch_users_update AFTER UPDATE ON users
BEGIN
    UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER auth_epoch_users_delete AFTER DELETE ON users
BEGIN
    UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER auth_epoch_roles_insert AFTER INSERT ON user_roles
BEGIN
    UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER auth_epoch_roles_update AFTER UPDATE ON user_roles
BEGIN
    UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER auth_epoch_roles_delete AFTER DELETE ON user_roles
BEGIN
    UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER auth_epoch_companies_update AFTER UPDATE ON corporate_accounts
BEGIN
    UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER auth_epoch_companies_delete AFTER DELETE ON corporate_accounts
BEGIN
    UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER auth_epoch_partners_update AFTER UPDATE ON partners
BEGIN
    UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER auth_epoch_partners_delete AFTER DELETE ON partners
BEGIN
    UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER auth_epoch_partners_delete;
DROP TRIGGER auth_epoch_partners_update;
DROP TRIGGER auth_epoch_companies_delete;
DROP TRIGGER auth_epoch_companies_update;
DROP TRIGGER auth_epoch_roles_delete;
DROP TRIGGER auth_epoch_roles_update;
DROP TRIGGER auth_epoch_roles_insert;
DROP TRIGGER auth_epoch_users_delete;
DROP TRIGGER auth_epoch_users_update;
DROP TRIGGER auth_epoch_credentials_delete;
DROP TRIGGER auth_epoch_credentials_update;
DROP TRIGGER auth_epoch_credentials_insert;
DROP TRIGGER auth_epoch_tokens_delete;
DROP TRIGGER auth_epoch_sessions_delete;
DROP TRIGGER auth_epoch_sessions_update;
DROP TABLE auth_epoch;
