-- +goose Up
-- People: user groups, identification tokens, contact types, imports,
-- self-registration links, parking history, pincodes and the jobs ledger.

ALTER TABLE users ADD COLUMN mobib_chip_id TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN mobib_valid_from TEXT;
ALTER TABLE users ADD COLUMN created_by BIGINT;
-- mobile (ospuser), contact (contact_user) or admin: kept with the roles
-- so lists filter by type with an index instead of a roles join.
ALTER TABLE users ADD COLUMN user_type TEXT NOT NULL DEFAULT 'admin';
CREATE INDEX users_company_type ON users(corporate_account_id, user_type, lastname, firstname);
CREATE INDEX users_lastname ON users(lastname, firstname);
CREATE INDEX users_contract ON users(corporate_account_id, contract_id);

ALTER TABLE credentials ADD COLUMN pincode_hash TEXT;

CREATE TABLE user_contact_types (
    user_id      BIGINT NOT NULL REFERENCES users(id),
    contact_type TEXT NOT NULL,
    PRIMARY KEY (user_id, contact_type)
);

-- A group's name is its extId, unique within its company; every company has
-- a default group ALL_{company extId}_USERS holding all its users.
CREATE TABLE user_groups (
    id                   {{pk}},
    osp_id               TEXT NOT NULL UNIQUE,
    corporate_account_id BIGINT NOT NULL REFERENCES corporate_accounts(id),
    ext_id               TEXT NOT NULL,
    description          TEXT NOT NULL DEFAULT '',
    active               BOOLEAN NOT NULL DEFAULT TRUE,
    is_default           BOOLEAN NOT NULL DEFAULT FALSE,
    created_at           TIMESTAMP NOT NULL,
    UNIQUE (corporate_account_id, ext_id)
);

CREATE TABLE user_group_members (
    user_group_id BIGINT NOT NULL REFERENCES user_groups(id),
    user_id       BIGINT NOT NULL REFERENCES users(id),
    PRIMARY KEY (user_group_id, user_id)
);
CREATE INDEX user_group_members_user ON user_group_members(user_id);

CREATE TABLE identification_tokens (
    id          {{pk}},
    osp_id      TEXT NOT NULL UNIQUE,
    user_id     BIGINT NOT NULL REFERENCES users(id),
    token_type  TEXT NOT NULL,
    valid_from  TEXT,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX identification_tokens_user ON identification_tokens(user_id);

-- A field value identifies one token of its kind platform-wide (a Mobib
-- card or a Blue-bike number belongs to one person).
CREATE TABLE identification_token_fields (
    token_id   BIGINT NOT NULL REFERENCES identification_tokens(id),
    field_type TEXT NOT NULL,
    value      TEXT NOT NULL,
    PRIMARY KEY (token_id, field_type),
    UNIQUE (field_type, value)
);

-- An uploaded import file, kept until processed; rows are parsed from it
-- again at each step so validation and processing see the same data.
CREATE TABLE uploads (
    id                   {{pk}},
    osp_id               TEXT NOT NULL UNIQUE,
    corporate_account_id BIGINT REFERENCES corporate_accounts(id),
    kind                 TEXT NOT NULL,
    filename             TEXT NOT NULL,
    content_type         TEXT NOT NULL,
    content              {{blob}} NOT NULL,
    file_hash            TEXT NOT NULL,
    row_count            INTEGER NOT NULL DEFAULT 0,
    status               TEXT NOT NULL,
    report               TEXT NOT NULL DEFAULT '',
    -- user imports: mail new users their credentials (a column may override per row)
    send_credentials     BOOLEAN NOT NULL DEFAULT TRUE,
    created_by           BIGINT NOT NULL REFERENCES users(id),
    created_at           TIMESTAMP NOT NULL,
    processed_at         TIMESTAMP
);

CREATE TABLE self_registration_links (
    token_hash           TEXT PRIMARY KEY,
    corporate_account_id BIGINT NOT NULL REFERENCES corporate_accounts(id),
    created_by           BIGINT NOT NULL REFERENCES users(id),
    created_at           TIMESTAMP NOT NULL,
    expires_at           TIMESTAMP NOT NULL
);

CREATE TABLE parking_sessions (
    id            {{pk}},
    osp_id        TEXT NOT NULL UNIQUE,
    user_id       BIGINT NOT NULL REFERENCES users(id),
    parking_name  TEXT NOT NULL,
    license_plate TEXT NOT NULL DEFAULT '',
    started_at    TIMESTAMP NOT NULL,
    ended_at      TIMESTAMP,
    amount_cents  BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX parking_sessions_user ON parking_sessions(user_id, started_at);

-- Every scheduled run, keyed by job and period: the unique key makes a run
-- happen once even with several portal processes or a crash and restart.
CREATE TABLE job_runs (
    id          {{pk}},
    job         TEXT NOT NULL,
    run_key     TEXT NOT NULL,
    status      TEXT NOT NULL,
    started_at  TIMESTAMP NOT NULL,
    finished_at TIMESTAMP,
    detail      TEXT NOT NULL DEFAULT '',
    UNIQUE (job, run_key)
);

-- +goose Down
DROP TABLE job_runs;
DROP TABLE parking_sessions;
DROP TABLE self_registration_links;
DROP TABLE uploads;
DROP TABLE identification_token_fields;
DROP TABLE identification_tokens;
DROP TABLE user_group_members;
DROP TABLE user_groups;
DROP TABLE user_contact_types;
