-- +goose Up
-- Provider matching and booking (issue 15), PostgreSQL half; see
-- 00030_provider_matching.sqlite.sql for the why of each change.
ALTER TABLE identification_tokens ADD COLUMN valid_until TEXT;

ALTER TABLE identification_token_fields ADD COLUMN valid_until TEXT;
ALTER TABLE identification_token_fields DROP CONSTRAINT identification_token_fields_field_type_value_key;
CREATE UNIQUE INDEX identification_token_fields_current ON identification_token_fields(field_type, value) WHERE valid_until IS NULL;
CREATE INDEX identification_token_fields_value ON identification_token_fields(field_type, value);

ALTER TABLE users ADD COLUMN deactivated_at TIMESTAMP;
UPDATE users SET deactivated_at = updated_at WHERE NOT active;

ALTER TABLE expenses ADD COLUMN mrp_code TEXT NOT NULL DEFAULT '';
ALTER TABLE expenses ADD COLUMN mrp_partner_id BIGINT REFERENCES partners(id);

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
DELETE FROM identification_token_fields WHERE valid_until IS NOT NULL;
ALTER TABLE identification_token_fields DROP COLUMN valid_until;
ALTER TABLE identification_token_fields ADD CONSTRAINT identification_token_fields_field_type_value_key UNIQUE (field_type, value);
ALTER TABLE identification_tokens DROP COLUMN valid_until;
