-- +goose Up
-- Partner fields of SPEC §3 (owned by internal/partner): address, VAT
-- number, e-mail, the invoice and self-billing flags, the budget types a
-- partner selects, and the links between super- and sub-partners.
ALTER TABLE partners ADD COLUMN street TEXT NOT NULL DEFAULT '';
ALTER TABLE partners ADD COLUMN street_number TEXT NOT NULL DEFAULT '';
ALTER TABLE partners ADD COLUMN zip_code TEXT NOT NULL DEFAULT '';
ALTER TABLE partners ADD COLUMN city TEXT NOT NULL DEFAULT '';
ALTER TABLE partners ADD COLUMN country TEXT NOT NULL DEFAULT 'BE';
ALTER TABLE partners ADD COLUMN vat_number TEXT NOT NULL DEFAULT '';
ALTER TABLE partners ADD COLUMN email TEXT NOT NULL DEFAULT '';
ALTER TABLE partners ADD COLUMN send_invoices BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE partners ADD COLUMN self_billing BOOLEAN NOT NULL DEFAULT FALSE;

-- The budget types a partner selects (its companies may offer only these).
CREATE TABLE partner_budget_types (
    partner_id   BIGINT NOT NULL REFERENCES partners(id),
    budget_type  TEXT NOT NULL,
    PRIMARY KEY (partner_id, budget_type)
);

-- super_partner_id is above sub_partner_id; no self links, no duplicates
-- (cycles of any depth are refused by partner's service, under a lock).
CREATE TABLE partner_links (
    super_partner_id  BIGINT NOT NULL REFERENCES partners(id),
    sub_partner_id    BIGINT NOT NULL REFERENCES partners(id),
    created_at        TIMESTAMP NOT NULL,
    PRIMARY KEY (super_partner_id, sub_partner_id),
    CHECK (super_partner_id <> sub_partner_id)
);
CREATE INDEX partner_links_sub ON partner_links(sub_partner_id);

-- +goose Down
DROP TABLE partner_links;
DROP TABLE partner_budget_types;
ALTER TABLE partners DROP COLUMN self_billing;
ALTER TABLE partners DROP COLUMN send_invoices;
ALTER TABLE partners DROP COLUMN email;
ALTER TABLE partners DROP COLUMN vat_number;
ALTER TABLE partners DROP COLUMN country;
ALTER TABLE partners DROP COLUMN city;
ALTER TABLE partners DROP COLUMN zip_code;
ALTER TABLE partners DROP COLUMN street_number;
ALTER TABLE partners DROP COLUMN street;
