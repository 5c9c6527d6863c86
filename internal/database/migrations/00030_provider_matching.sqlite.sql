-- +goose Up
-- Provider matching and booking (issue 15), SQLite half; see
-- 00030_provider_matching.postgres.sql, which differs only in how the
-- token fields lose their platform-wide UNIQUE (SQLite rebuilds the table).
--
-- Identification tokens end instead of vanishing: deleting one sets
-- valid_until (the day it ended; a line of that day or later is no longer
-- the holder's), so an older provider line still matches the user who held
-- the card that day and a card handed on matches each holder on their own
-- days. A value is held by one current token at a time (valid_until NULL):
-- the field keeps a copy of valid_until for the partial unique index.
ALTER TABLE identification_tokens ADD COLUMN valid_until TEXT;

CREATE TABLE identification_token_fields_new (
    token_id    BIGINT NOT NULL REFERENCES identification_tokens(id),
    field_type  TEXT NOT NULL,
    value       TEXT NOT NULL,
    valid_until TEXT,
    PRIMARY KEY (token_id, field_type)
);
INSERT INTO identification_token_fields_new (token_id, field_type, value) SELECT token_id, field_type, value FROM identification_token_fields;
DROP TABLE identification_token_fields;
ALTER TABLE identification_token_fields_new RENAME TO identification_token_fields;
CREATE UNIQUE INDEX identification_token_fields_current ON identification_token_fields(field_type, value) WHERE valid_until IS NULL;
CREATE INDEX identification_token_fields_value ON identification_token_fields(field_type, value);

-- When a user was switched off (NULL while active): the surcharge window
-- (SPEC §9, two months after deactivation) counts from it, not from the
-- user's last edit. Users inactive today get their last change, the best
-- the data knows.
ALTER TABLE users ADD COLUMN deactivated_at TIMESTAMP;
UPDATE users SET deactivated_at = updated_at WHERE NOT active;

-- The MRP (mobility resource provider) of a provider's purchase: the code
-- the product's provider list gives it (NMBS, DELIJN, KBC, ...) and, where
-- the partner catalogue holds that MRP, the partner.
ALTER TABLE expenses ADD COLUMN mrp_code TEXT NOT NULL DEFAULT '';
ALTER TABLE expenses ADD COLUMN mrp_partner_id BIGINT REFERENCES partners(id);

-- A company that pays a provider directly (owned by internal/providerdata):
-- that kind's matched lines are booked on the company budget, with the
-- user as the traveller.
CREATE TABLE provider_direct_payers (
    corporate_account_id BIGINT NOT NULL REFERENCES corporate_accounts(id),
    kind                 TEXT NOT NULL,
    updated_by           BIGINT NOT NULL REFERENCES users(id),
    updated_at           TIMESTAMP NOT NULL,
    PRIMARY KEY (corporate_account_id, kind)
);

-- +goose Down
DROP TABLE provider_direct_payers;
ALTER TABLE expenses DROP COLUMN mrp_partner_id;
ALTER TABLE expenses DROP COLUMN mrp_code;
ALTER TABLE users DROP COLUMN deactivated_at;
DROP INDEX identification_token_fields_value;
DROP INDEX identification_token_fields_current;
CREATE TABLE identification_token_fields_old (
    token_id   BIGINT NOT NULL REFERENCES identification_tokens(id),
    field_type TEXT NOT NULL,
    value      TEXT NOT NULL,
    PRIMARY KEY (token_id, field_type),
    UNIQUE (field_type, value)
);
INSERT INTO identification_token_fields_old (token_id, field_type, value)
    SELECT token_id, field_type, value FROM identification_token_fields WHERE valid_until IS NULL;
DROP TABLE identification_token_fields;
ALTER TABLE identification_token_fields_old RENAME TO identification_token_fields;
ALTER TABLE identification_tokens DROP COLUMN valid_until;
