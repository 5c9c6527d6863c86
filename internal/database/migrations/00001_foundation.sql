-- +goose Up
-- Foundation: partners, corporate accounts, users with roles, credentials,
-- sessions, reset tokens, sign-in rate limits and the mail outbox.
-- {{pk}} and {{blob}} are rewritten per dialect (database/dialect.go).

CREATE TABLE partners (
    id            {{pk}},
    osp_id        TEXT NOT NULL UNIQUE,
    name          TEXT NOT NULL,
    ext_id        TEXT UNIQUE,
    partner_type  TEXT NOT NULL,
    active        BOOLEAN NOT NULL DEFAULT TRUE,
    brand_color   TEXT NOT NULL DEFAULT '#0F89EA',
    created_at    TIMESTAMP NOT NULL
);

CREATE TABLE corporate_accounts (
    id                    {{pk}},
    osp_id                TEXT NOT NULL UNIQUE,
    partner_id            BIGINT NOT NULL REFERENCES partners(id),
    name                  TEXT NOT NULL,
    ext_id                TEXT UNIQUE,
    company_type          TEXT NOT NULL DEFAULT 'COMPANY',
    payment_type          TEXT NOT NULL DEFAULT 'PREPAID',
    two_factor_for_admins BOOLEAN NOT NULL DEFAULT FALSE,
    street                TEXT NOT NULL DEFAULT '',
    street_number         TEXT NOT NULL DEFAULT '',
    zip_code              TEXT NOT NULL DEFAULT '',
    city                  TEXT NOT NULL DEFAULT '',
    vat_number            TEXT NOT NULL DEFAULT '',
    active                BOOLEAN NOT NULL DEFAULT TRUE,
    created_at            TIMESTAMP NOT NULL
);
CREATE INDEX corporate_accounts_partner ON corporate_accounts(partner_id);

-- A user belongs to a corporate account (employees, company admins,
-- contacts), to a partner only (partner admins), or to neither (platform
-- staff).
CREATE TABLE users (
    id                        {{pk}},
    osp_id                    TEXT NOT NULL UNIQUE,
    corporate_account_id      BIGINT REFERENCES corporate_accounts(id),
    partner_id                BIGINT REFERENCES partners(id),
    firstname                 TEXT NOT NULL DEFAULT '',
    lastname                  TEXT NOT NULL DEFAULT '',
    email                     TEXT NOT NULL DEFAULT '',
    login                     TEXT UNIQUE,
    msisdn                    TEXT NOT NULL DEFAULT '',
    language                  TEXT NOT NULL DEFAULT 'nl',
    birthdate                 TEXT,
    employee_number           TEXT NOT NULL DEFAULT '',
    contract_id               TEXT NOT NULL DEFAULT '',
    ext_id                    TEXT UNIQUE,
    work_street               TEXT NOT NULL DEFAULT '',
    work_number               TEXT NOT NULL DEFAULT '',
    work_zip                  TEXT NOT NULL DEFAULT '',
    work_city                 TEXT NOT NULL DEFAULT '',
    home_street               TEXT NOT NULL DEFAULT '',
    home_number               TEXT NOT NULL DEFAULT '',
    home_zip                  TEXT NOT NULL DEFAULT '',
    home_city                 TEXT NOT NULL DEFAULT '',
    two_factor_enabled        BOOLEAN NOT NULL DEFAULT FALSE,
    active                    BOOLEAN NOT NULL DEFAULT TRUE,
    start_activation_time     TIMESTAMP,
    desired_activation_date   TEXT,
    desired_deactivation_date TEXT,
    license_plate             TEXT NOT NULL DEFAULT '',
    mobib_card_number         TEXT NOT NULL DEFAULT '',
    anonymized_at             TIMESTAMP,
    created_at                TIMESTAMP NOT NULL,
    updated_at                TIMESTAMP NOT NULL
);
CREATE INDEX users_corporate_account ON users(corporate_account_id);
CREATE INDEX users_partner ON users(partner_id);
CREATE INDEX users_email ON users(email);

CREATE TABLE user_roles (
    user_id BIGINT NOT NULL REFERENCES users(id),
    role    TEXT NOT NULL,
    PRIMARY KEY (user_id, role)
);

-- Credentials are owned by the auth package: the argon2id hash of the
-- passdigest, the consecutive failure count, and the TOTP secret (pending
-- until the first correct code confirms enrolment).
CREATE TABLE credentials (
    user_id              BIGINT PRIMARY KEY REFERENCES users(id),
    password_hash        TEXT NOT NULL,
    failed_login_count   INTEGER NOT NULL DEFAULT 0,
    blocked              BOOLEAN NOT NULL DEFAULT FALSE,
    totp_secret          TEXT,
    totp_confirmed       BOOLEAN NOT NULL DEFAULT FALSE,
    totp_last_step       BIGINT NOT NULL DEFAULT 0,
    password_changed_at  TIMESTAMP NOT NULL
);

-- A session is one sign-in; its tokens rotate. Tokens are stored as SHA-256
-- hashes only.
CREATE TABLE sessions (
    id          {{pk}},
    user_id     BIGINT NOT NULL REFERENCES users(id),
    created_at  TIMESTAMP NOT NULL,
    revoked_at  TIMESTAMP
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE session_tokens (
    token_hash  TEXT PRIMARY KEY,
    session_id  BIGINT NOT NULL REFERENCES sessions(id),
    kind        TEXT NOT NULL, -- access | refresh
    expires_at  TIMESTAMP NOT NULL,
    used_at     TIMESTAMP
);
CREATE INDEX session_tokens_session ON session_tokens(session_id);

CREATE TABLE reset_tokens (
    token_hash  TEXT PRIMARY KEY,
    user_id     BIGINT NOT NULL REFERENCES users(id),
    expires_at  TIMESTAMP NOT NULL,
    used_at     TIMESTAMP
);

-- Fixed-window counters shared by every portal process on one database.
CREATE TABLE rate_limits (
    bucket       TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    hits         INTEGER NOT NULL
);

-- Every mail goes through the outbox; status pending → sent | failed, or
-- kept when no SMTP server is configured.
CREATE TABLE mail_outbox (
    id          {{pk}},
    to_address  TEXT NOT NULL,
    subject     TEXT NOT NULL,
    body        TEXT NOT NULL,
    template    TEXT NOT NULL,
    language    TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'pending',
    attempts    INTEGER NOT NULL DEFAULT 0,
    last_error  TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL,
    sent_at     TIMESTAMP
);
CREATE INDEX mail_outbox_status ON mail_outbox(status);

-- +goose Down
DROP TABLE mail_outbox;
DROP TABLE rate_limits;
DROP TABLE reset_tokens;
DROP TABLE session_tokens;
DROP TABLE sessions;
DROP TABLE credentials;
DROP TABLE user_roles;
DROP TABLE users;
DROP TABLE corporate_accounts;
DROP TABLE partners;
