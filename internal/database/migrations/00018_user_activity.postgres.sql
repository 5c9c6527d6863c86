-- +goose Up
-- User counts: see 00018_user_activity.sqlite.sql for what this read model is
-- and why it counts per hour. PostgreSQL keeps it with one trigger function.
CREATE TABLE user_activity_hours (
    corporate_account_id BIGINT NOT NULL,
    hour                 TIMESTAMP NOT NULL,
    active_delta         BIGINT NOT NULL DEFAULT 0,
    created              BIGINT NOT NULL DEFAULT 0 CHECK (created >= 0),
    PRIMARY KEY (corporate_account_id, hour)
);

-- +goose StatementBegin
CREATE FUNCTION user_activity_count() RETURNS trigger AS $$
DECLARE
    was_counted BOOLEAN := FALSE;
    is_counted  BOOLEAN := FALSE;
BEGIN
    IF TG_OP <> 'INSERT' THEN
        was_counted := OLD.user_type = 'mobile' AND OLD.corporate_account_id IS NOT NULL AND OLD.anonymized_at IS NULL AND OLD.active;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        is_counted := NEW.user_type = 'mobile' AND NEW.corporate_account_id IS NOT NULL AND NEW.anonymized_at IS NULL AND NEW.active;
    END IF;
    IF TG_OP = 'INSERT' THEN
        IF NEW.user_type = 'mobile' AND NEW.corporate_account_id IS NOT NULL AND NEW.anonymized_at IS NULL THEN
            INSERT INTO user_activity_hours (corporate_account_id, hour, active_delta, created)
            VALUES (NEW.corporate_account_id, date_trunc('hour', NEW.created_at), 0, 1)
            ON CONFLICT (corporate_account_id, hour) DO UPDATE SET created = user_activity_hours.created + 1;
        END IF;
        IF is_counted THEN
            INSERT INTO user_activity_hours (corporate_account_id, hour, active_delta, created)
            VALUES (NEW.corporate_account_id, date_trunc('hour', COALESCE(NEW.start_activation_time, NEW.created_at)), 1, 0)
            ON CONFLICT (corporate_account_id, hour) DO UPDATE SET active_delta = user_activity_hours.active_delta + 1;
        END IF;
        RETURN NULL;
    END IF;
    IF TG_OP = 'DELETE' THEN
        IF was_counted THEN
            INSERT INTO user_activity_hours (corporate_account_id, hour, active_delta, created)
            VALUES (OLD.corporate_account_id, date_trunc('hour', now() AT TIME ZONE 'UTC'), -1, 0)
            ON CONFLICT (corporate_account_id, hour) DO UPDATE SET active_delta = user_activity_hours.active_delta - 1;
        END IF;
        RETURN NULL;
    END IF;
    IF was_counted AND is_counted AND OLD.corporate_account_id = NEW.corporate_account_id THEN
        RETURN NULL;
    END IF;
    IF was_counted THEN
        INSERT INTO user_activity_hours (corporate_account_id, hour, active_delta, created)
        VALUES (OLD.corporate_account_id, date_trunc('hour', NEW.updated_at), -1, 0)
        ON CONFLICT (corporate_account_id, hour) DO UPDATE SET active_delta = user_activity_hours.active_delta - 1;
    END IF;
    IF is_counted THEN
        INSERT INTO user_activity_hours (corporate_account_id, hour, active_delta, created)
        VALUES (NEW.corporate_account_id, date_trunc('hour', GREATEST(NEW.updated_at, COALESCE(NEW.start_activation_time, NEW.updated_at))), 1, 0)
        ON CONFLICT (corporate_account_id, hour) DO UPDATE SET active_delta = user_activity_hours.active_delta + 1;
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

CREATE TRIGGER user_activity_insert AFTER INSERT OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION user_activity_count();
CREATE TRIGGER user_activity_update AFTER UPDATE OF active, anonymized_at, user_type, corporate_account_id ON users
    FOR EACH ROW EXECUTE FUNCTION user_activity_count();

-- existing databases: what the users table still tells (see the SQLite file)
INSERT INTO user_activity_hours (corporate_account_id, hour, active_delta, created)
SELECT corporate_account_id, h, SUM(a), SUM(c) FROM (
    SELECT corporate_account_id, date_trunc('hour', created_at) AS h, 0 AS a, 1 AS c
    FROM users WHERE user_type = 'mobile' AND corporate_account_id IS NOT NULL AND anonymized_at IS NULL
    UNION ALL
    SELECT corporate_account_id, date_trunc('hour', COALESCE(start_activation_time, created_at)), 1, 0
    FROM users WHERE user_type = 'mobile' AND corporate_account_id IS NOT NULL
      AND (anonymized_at IS NULL AND active OR start_activation_time IS NOT NULL)
    UNION ALL
    SELECT corporate_account_id, date_trunc('hour', updated_at), -1, 0
    FROM users WHERE user_type = 'mobile' AND corporate_account_id IS NOT NULL
      AND NOT (anonymized_at IS NULL AND active) AND start_activation_time IS NOT NULL
) e GROUP BY corporate_account_id, h;

DROP INDEX users_counts;

-- +goose Down
CREATE INDEX users_counts ON users(corporate_account_id, user_type, active, start_activation_time, created_at, updated_at, anonymized_at);
DROP TRIGGER user_activity_update ON users;
DROP TRIGGER user_activity_insert ON users;
DROP FUNCTION user_activity_count();
DROP TABLE user_activity_hours;
