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

-- On PostgreSQL the triggers are deferred constraint triggers: the bump
-- runs at commit, after every other statement of the transaction, so the
-- epoch row is always the last lock a transaction takes (two transactions
-- cannot deadlock over it) and is held only while committing; and once per
-- transaction (a transaction-local setting remembers it).

-- +goose StatementBegin
CREATE FUNCTION auth_epoch_bump() RETURNS trigger AS $$
BEGIN
    IF current_setting('portal.auth_epoch_bumped', TRUE) = 'on' THEN
        RETURN NULL;
    END IF;
    PERFORM set_config('portal.auth_epoch_bumped', 'on', TRUE);
    UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

CREATE CONSTRAINT TRIGGER auth_epoch_sessions_update AFTER UPDATE ON sessions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    EXECUTE FUNCTION auth_epoch_bump();

CREATE CONSTRAINT TRIGGER auth_epoch_sessions_delete AFTER DELETE ON sessions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    EXECUTE FUNCTION auth_epoch_bump();

CREATE CONSTRAINT TRIGGER auth_epoch_tokens_delete AFTER DELETE ON session_tokens DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    EXECUTE FUNCTION auth_epoch_bump();

CREATE CONSTRAINT TRIGGER auth_epoch_credentials_insert AFTER INSERT ON credentials DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (NEW.blocked)
    EXECUTE FUNCTION auth_epoch_bump();

CREATE CONSTRAINT TRIGGER auth_epoch_credentials_update AFTER UPDATE ON credentials DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD.blocked IS DISTINCT FROM NEW.blocked OR OLD.user_id IS DISTINCT FROM NEW.user_id)
    EXECUTE FUNCTION auth_epoch_bump();

CREATE CONSTRAINT TRIGGER auth_epoch_credentials_delete AFTER DELETE ON credentials DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    EXECUTE FUNCTION auth_epoch_bump();

CREATE CONSTRAINT TRIGGER auth_epoch_users_update AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    EXECUTE FUNCTION auth_epoch_bump();

CREATE CONSTRAINT TRIGGER auth_epoch_users_delete AFTER DELETE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    EXECUTE FUNCTION auth_epoch_bump();

CREATE CONSTRAINT TRIGGER auth_epoch_roles_insert AFTER INSERT ON user_roles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    EXECUTE FUNCTION auth_epoch_bump();

CREATE CONSTRAINT TRIGGER auth_epoch_roles_update AFTER UPDATE ON user_roles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    EXECUTE FUNCTION auth_epoch_bump();

CREATE CONSTRAINT TRIGGER auth_epoch_roles_delete AFTER DELETE ON user_roles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    EXECUTE FUNCTION auth_epoch_bump();

CREATE CONSTRAINT TRIGGER auth_epoch_companies_update AFTER UPDATE ON corporate_accounts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    EXECUTE FUNCTION auth_epoch_bump();

CREATE CONSTRAINT TRIGGER auth_epoch_companies_delete AFTER DELETE ON corporate_accounts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    EXECUTE FUNCTION auth_epoch_bump();

CREATE CONSTRAINT TRIGGER auth_epoch_partners_update AFTER UPDATE ON partners DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    EXECUTE FUNCTION auth_epoch_bump();

CREATE CONSTRAINT TRIGGER auth_epoch_partners_delete AFTER DELETE ON partners DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    EXECUTE FUNCTION auth_epoch_bump();

-- +goose Down
DROP TRIGGER auth_epoch_partners_delete ON partners;
DROP TRIGGER auth_epoch_partners_update ON partners;
DROP TRIGGER auth_epoch_companies_delete ON corporate_accounts;
DROP TRIGGER auth_epoch_companies_update ON corporate_accounts;
DROP TRIGGER auth_epoch_roles_delete ON user_roles;
DROP TRIGGER auth_epoch_roles_update ON user_roles;
DROP TRIGGER auth_epoch_roles_insert ON user_roles;
DROP TRIGGER auth_epoch_users_delete ON users;
DROP TRIGGER auth_epoch_users_update ON users;
DROP TRIGGER auth_epoch_credentials_delete ON credentials;
DROP TRIGGER auth_epoch_credentials_update ON credentials;
DROP TRIGGER auth_epoch_credentials_insert ON credentials;
DROP TRIGGER auth_epoch_tokens_delete ON session_tokens;
DROP TRIGGER auth_epoch_sessions_delete ON sessions;
DROP TRIGGER auth_epoch_sessions_update ON sessions;
DROP FUNCTION auth_epoch_bump();
DROP TABLE auth_epoch;
