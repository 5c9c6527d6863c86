-- +goose Up
-- The fields of a corporate account (SPEC §3, issue 9), owned by
-- internal/company. SQLite half; the postgres half is
-- 00009_corporate_account_fields.postgres.sql: they differ only in how existing
-- accounts get their structured payment reference and in the money columns' integer triggers.
-- Money columns hold integer cents; max_users NULL is unlimited.

ALTER TABLE corporate_accounts ADD COLUMN country TEXT NOT NULL DEFAULT 'BE';
ALTER TABLE corporate_accounts ADD COLUMN company_number TEXT NOT NULL DEFAULT '';
ALTER TABLE corporate_accounts ADD COLUMN vat_liable BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE corporate_accounts ADD COLUMN iban TEXT NOT NULL DEFAULT '';
ALTER TABLE corporate_accounts ADD COLUMN bic TEXT NOT NULL DEFAULT '';
ALTER TABLE corporate_accounts ADD COLUMN po_number TEXT NOT NULL DEFAULT '';
ALTER TABLE corporate_accounts ADD COLUMN max_users INTEGER;
ALTER TABLE corporate_accounts ADD COLUMN external_reference_mandatory BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE corporate_accounts ADD COLUMN contract_type TEXT NOT NULL DEFAULT 'BUSINESS_MOBILITY';
ALTER TABLE corporate_accounts ADD COLUMN invoice_sending_method TEXT NOT NULL DEFAULT 'EMAIL';
ALTER TABLE corporate_accounts ADD COLUMN invoice_payment_method TEXT NOT NULL DEFAULT 'MANUAL';
ALTER TABLE corporate_accounts ADD COLUMN security_deposit_amount BIGINT;
ALTER TABLE corporate_accounts ADD COLUMN company_budget_threshold BIGINT;
ALTER TABLE corporate_accounts ADD COLUMN payment_reference TEXT;

-- Existing accounts get a reference built from their id (the base) and its
-- mod-97 check; new ones get a random base at create (unique, retried).
UPDATE corporate_accounts SET payment_reference = (
    SELECT '+++' || substr(d, 1, 3) || '/' || substr(d, 4, 4) || '/' || substr(d, 8, 5) || '+++'
    FROM (SELECT printf('%010d%02d', corporate_accounts.id,
        CASE WHEN corporate_accounts.id % 97 = 0 THEN 97 ELSE corporate_accounts.id % 97 END) AS d));
CREATE UNIQUE INDEX corporate_accounts_payment_reference ON corporate_accounts(payment_reference);
-- The corporate-accounts list and search sort by name, within a partner
-- for MSP admins.
CREATE INDEX corporate_accounts_name ON corporate_accounts(name, ext_id);
CREATE INDEX corporate_accounts_partner_name ON corporate_accounts(partner_id, name, ext_id);
CREATE INDEX corporate_accounts_partner_ext_id ON corporate_accounts(partner_id, ext_id);
-- Counting a partner's active companies reads the index alone.
CREATE INDEX corporate_accounts_partner_active ON corporate_accounts(partner_id, active);

-- The app menu entries a company's employees see (company settings,
-- mobile-app tab); existing companies show every entry.
CREATE TABLE company_app_menu (
    corporate_account_id BIGINT NOT NULL REFERENCES corporate_accounts(id),
    entry                TEXT NOT NULL,
    PRIMARY KEY (corporate_account_id, entry)
);
INSERT INTO company_app_menu (corporate_account_id, entry)
SELECT ca.id, m.entry FROM corporate_accounts ca CROSS JOIN (
    SELECT 'BUDGETS' AS entry
    UNION ALL SELECT 'EXPENSES' AS entry
    UNION ALL SELECT 'TRIPS' AS entry
    UNION ALL SELECT 'TICKETS' AS entry
    UNION ALL SELECT 'PARKING' AS entry
    UNION ALL SELECT 'SHARED_BIKES' AS entry
    UNION ALL SELECT 'SHARED_CARS' AS entry
    UNION ALL SELECT 'CHARGING' AS entry
    UNION ALL SELECT 'FUEL' AS entry
    UNION ALL SELECT 'MESSAGES' AS entry
    UNION ALL SELECT 'RECEIPTS' AS entry
) m;

-- SQLite keeps whatever type a value has: refuse non-integer money (see 00006).
-- +goose StatementBegin
CREATE TRIGGER corporate_accounts_money_integer_insert BEFORE INSERT ON corporate_accounts
WHEN typeof(NEW.security_deposit_amount) NOT IN ('integer', 'null') OR typeof(NEW.company_budget_threshold) NOT IN ('integer', 'null')
BEGIN
    SELECT RAISE(ABORT, 'corporate_accounts: money columns hold integer cents only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER corporate_accounts_money_integer_update BEFORE UPDATE ON corporate_accounts
WHEN typeof(NEW.security_deposit_amount) NOT IN ('integer', 'null') OR typeof(NEW.company_budget_threshold) NOT IN ('integer', 'null')
BEGIN
    SELECT RAISE(ABORT, 'corporate_accounts: money columns hold integer cents only');
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER corporate_accounts_money_integer_update;
DROP TRIGGER corporate_accounts_money_integer_insert;
DROP TABLE company_app_menu;
DROP INDEX corporate_accounts_partner_active;
DROP INDEX corporate_accounts_partner_ext_id;
DROP INDEX corporate_accounts_partner_name;
DROP INDEX corporate_accounts_name;
DROP INDEX corporate_accounts_payment_reference;
ALTER TABLE corporate_accounts DROP COLUMN payment_reference;
ALTER TABLE corporate_accounts DROP COLUMN company_budget_threshold;
ALTER TABLE corporate_accounts DROP COLUMN security_deposit_amount;
ALTER TABLE corporate_accounts DROP COLUMN invoice_payment_method;
ALTER TABLE corporate_accounts DROP COLUMN invoice_sending_method;
ALTER TABLE corporate_accounts DROP COLUMN contract_type;
ALTER TABLE corporate_accounts DROP COLUMN external_reference_mandatory;
ALTER TABLE corporate_accounts DROP COLUMN max_users;
ALTER TABLE corporate_accounts DROP COLUMN po_number;
ALTER TABLE corporate_accounts DROP COLUMN bic;
ALTER TABLE corporate_accounts DROP COLUMN iban;
ALTER TABLE corporate_accounts DROP COLUMN vat_liable;
ALTER TABLE corporate_accounts DROP COLUMN company_number;
ALTER TABLE corporate_accounts DROP COLUMN country;
