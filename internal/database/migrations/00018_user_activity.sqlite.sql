-- +goose Up
-- User counts: the read model behind the dashboard's and the reports' app-user
-- figures (user.Service.AppUsersPerMonth). Until now they were counted from
-- the users table on every request (215 ms at 100,000 users) and a user's
-- activation history was guessed from its last change. Now every change of an
-- app user's counted state is added here, per company and hour, by triggers on
-- users, so no write path (create, activate, deactivate, anonymize, import,
-- company and partner deactivation, scheduled runs, the bulk seed) can forget it:
--   active_delta  +1 when an app user starts counting as active, -1 when it stops
--   created       +1 when an app user is created
-- Active at an instant is the sum of active_delta of the hours before it; new in
-- a month the sum of created of its hours. Hours (UTC) rather than months: a
-- month begins at a Europe/Brussels midnight, which is a whole UTC hour, and
-- SQLite cannot turn an instant into a Brussels month. Times are stored in UTC
-- (database.Now), as '2006-01-02 15:04:05.999999999+00:00', so an hour is the
-- first 13 characters.
-- Counted as active: user_type 'mobile', a company, not anonymized, active.
-- Owner: user (the triggers are its writes).
CREATE TABLE user_activity_hours (
    corporate_account_id BIGINT NOT NULL,
    hour                 TIMESTAMP NOT NULL,
    active_delta         BIGINT NOT NULL DEFAULT 0,
    created              BIGINT NOT NULL DEFAULT 0 CHECK (created >= 0),
    PRIMARY KEY (corporate_account_id, hour)
);

-- +goose StatementBegin
CREATE TRIGGER user_activity_insert AFTER INSERT ON users
WHEN new.user_type = 'mobile' AND new.corporate_account_id IS NOT NULL AND new.anonymized_at IS NULL
BEGIN
    INSERT INTO user_activity_hours (corporate_account_id, hour, active_delta, created)
    VALUES (new.corporate_account_id, substr(new.created_at, 1, 13) || ':00:00+00:00', 0, 1)
    ON CONFLICT (corporate_account_id, hour) DO UPDATE SET created = created + 1;
    INSERT INTO user_activity_hours (corporate_account_id, hour, active_delta, created)
    SELECT new.corporate_account_id, substr(COALESCE(new.start_activation_time, new.created_at), 1, 13) || ':00:00+00:00', 1, 0
    WHERE new.active
    ON CONFLICT (corporate_account_id, hour) DO UPDATE SET active_delta = active_delta + 1;
END;
-- +goose StatementEnd

-- stops counting (deactivated, anonymized, no longer an app user, moved): -1 at the change
-- +goose StatementBegin
CREATE TRIGGER user_activity_off AFTER UPDATE OF active, anonymized_at, user_type, corporate_account_id ON users
WHEN old.user_type = 'mobile' AND old.corporate_account_id IS NOT NULL AND old.anonymized_at IS NULL AND old.active
 AND NOT (new.user_type = 'mobile' AND new.corporate_account_id IS old.corporate_account_id AND new.anonymized_at IS NULL AND new.active)
BEGIN
    INSERT INTO user_activity_hours (corporate_account_id, hour, active_delta, created)
    VALUES (old.corporate_account_id, substr(new.updated_at, 1, 13) || ':00:00+00:00', -1, 0)
    ON CONFLICT (corporate_account_id, hour) DO UPDATE SET active_delta = active_delta - 1;
END;
-- +goose StatementEnd

-- starts counting (activated, or becomes an app user, or moved): +1 at the
-- change, or at a later start of activation
-- +goose StatementBegin
CREATE TRIGGER user_activity_on AFTER UPDATE OF active, anonymized_at, user_type, corporate_account_id ON users
WHEN new.user_type = 'mobile' AND new.corporate_account_id IS NOT NULL AND new.anonymized_at IS NULL AND new.active
 AND NOT (old.user_type = 'mobile' AND old.corporate_account_id IS new.corporate_account_id AND old.anonymized_at IS NULL AND old.active)
BEGIN
    INSERT INTO user_activity_hours (corporate_account_id, hour, active_delta, created)
    VALUES (new.corporate_account_id, substr(max(new.updated_at, COALESCE(new.start_activation_time, new.updated_at)), 1, 13) || ':00:00+00:00', 1, 0)
    ON CONFLICT (corporate_account_id, hour) DO UPDATE SET active_delta = active_delta + 1;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER user_activity_delete AFTER DELETE ON users
WHEN old.user_type = 'mobile' AND old.corporate_account_id IS NOT NULL AND old.anonymized_at IS NULL AND old.active
BEGIN
    INSERT INTO user_activity_hours (corporate_account_id, hour, active_delta, created)
    VALUES (old.corporate_account_id, substr(strftime('%Y-%m-%d %H', 'now'), 1, 13) || ':00:00+00:00', -1, 0)
    ON CONFLICT (corporate_account_id, hour) DO UPDATE SET active_delta = active_delta - 1;
END;
-- +goose StatementEnd

-- existing databases: what the users table still tells. A user counted now
-- has been active since its activation; one that is not, from its activation
-- until its last change (the guess the old count made).
INSERT INTO user_activity_hours (corporate_account_id, hour, active_delta, created)
SELECT corporate_account_id, h, SUM(a), SUM(c) FROM (
    SELECT corporate_account_id, substr(created_at, 1, 13) || ':00:00+00:00' AS h, 0 AS a, 1 AS c
    FROM users WHERE user_type = 'mobile' AND corporate_account_id IS NOT NULL AND anonymized_at IS NULL
    UNION ALL
    SELECT corporate_account_id, substr(COALESCE(start_activation_time, created_at), 1, 13) || ':00:00+00:00', 1, 0
    FROM users WHERE user_type = 'mobile' AND corporate_account_id IS NOT NULL
      AND (anonymized_at IS NULL AND active OR start_activation_time IS NOT NULL)
    UNION ALL
    SELECT corporate_account_id, substr(updated_at, 1, 13) || ':00:00+00:00', -1, 0
    FROM users WHERE user_type = 'mobile' AND corporate_account_id IS NOT NULL
      AND NOT (anonymized_at IS NULL AND active) AND start_activation_time IS NOT NULL
) e GROUP BY corporate_account_id, h;

DROP INDEX users_counts;

-- +goose Down
CREATE INDEX users_counts ON users(corporate_account_id, user_type, active, start_activation_time, created_at, updated_at, anonymized_at);
DROP TRIGGER user_activity_delete;
DROP TRIGGER user_activity_on;
DROP TRIGGER user_activity_off;
DROP TRIGGER user_activity_insert;
DROP TABLE user_activity_hours;
