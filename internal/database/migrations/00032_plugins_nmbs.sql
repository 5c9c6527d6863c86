-- +goose Up
-- Plugin purchases (internal/plugin): a product an employee asks for in the
-- app, sold by a provider through a plugin service; the admin approves it
-- (REQUESTED, the request is e-mailed to the provider and the rendered
-- mail kept) or rejects it; the employee then accepts (booked on their
-- budget once) or declines. Every change is kept with who and when.
-- NMBS settings (internal/nmbsconfig): a company's season-card settings and
-- the ticket-sales settings of a partner or company.

CREATE TABLE plugin_purchases (
    id                   {{pk}},
    osp_id               TEXT NOT NULL UNIQUE,
    corporate_account_id BIGINT NOT NULL REFERENCES corporate_accounts(id),
    user_id              BIGINT NOT NULL REFERENCES users(id),
    product_id           BIGINT REFERENCES products(id),
    product_name         TEXT NOT NULL CHECK (length(product_name) BETWEEN 1 AND 200),
    provider_name        TEXT NOT NULL CHECK (length(provider_name) BETWEEN 1 AND 200),
    provider_email       TEXT NOT NULL,
    price_cents          BIGINT NOT NULL CHECK (price_cents > 0 AND price_cents <= 1000000000),
    details              TEXT NOT NULL DEFAULT '',
    remark               TEXT NOT NULL DEFAULT '',
    reject_reason        TEXT NOT NULL DEFAULT '',
    state                TEXT NOT NULL CHECK (state IN ('PENDING', 'REQUESTED', 'REJECTED', 'ACCEPTED', 'DECLINED')),
    expense_id           BIGINT REFERENCES expenses(id),
    booking_id           TEXT UNIQUE,
    created_at           TIMESTAMP NOT NULL,
    updated_at           TIMESTAMP NOT NULL,
    CHECK ((state = 'ACCEPTED') = (expense_id IS NOT NULL)),
    CHECK ((state = 'REJECTED') = (reject_reason <> ''))
);
CREATE INDEX plugin_purchases_state ON plugin_purchases (state, created_at, id);
CREATE INDEX plugin_purchases_company ON plugin_purchases (corporate_account_id, created_at, id);
CREATE INDEX plugin_purchases_user ON plugin_purchases (user_id);

CREATE TABLE plugin_purchase_history (
    id          {{pk}},
    purchase_id BIGINT NOT NULL REFERENCES plugin_purchases(id),
    from_state  TEXT NOT NULL DEFAULT '',
    to_state    TEXT NOT NULL,
    changed_by  BIGINT NOT NULL REFERENCES users(id),
    changed_at  TIMESTAMP NOT NULL,
    note        TEXT NOT NULL DEFAULT ''
);
CREATE INDEX plugin_purchase_history_purchase ON plugin_purchase_history (purchase_id, id);

CREATE TABLE plugin_purchase_emails (
    id           {{pk}},
    purchase_id  BIGINT NOT NULL UNIQUE REFERENCES plugin_purchases(id),
    to_address   TEXT NOT NULL,
    language     TEXT NOT NULL,
    subject      TEXT NOT NULL,
    body         TEXT NOT NULL,
    html         BOOLEAN NOT NULL DEFAULT FALSE,
    sent_by      BIGINT NOT NULL REFERENCES users(id),
    created_at   TIMESTAMP NOT NULL
);

CREATE TABLE nmbs_season_ticket_configs (
    id                   {{pk}},
    corporate_account_id BIGINT NOT NULL UNIQUE REFERENCES corporate_accounts(id),
    enabled              BOOLEAN NOT NULL DEFAULT FALSE,
    products             TEXT NOT NULL DEFAULT '',
    classes              TEXT NOT NULL DEFAULT '',
    budget_types         TEXT NOT NULL DEFAULT '',
    parking_allowed      BOOLEAN NOT NULL DEFAULT FALSE,
    organism_number      TEXT NOT NULL DEFAULT '',
    updated_by           BIGINT NOT NULL REFERENCES users(id),
    updated_at           TIMESTAMP NOT NULL
);

CREATE TABLE nmbs_ticket_sales_configs (
    id                   {{pk}},
    partner_id           BIGINT UNIQUE REFERENCES partners(id),
    corporate_account_id BIGINT UNIQUE REFERENCES corporate_accounts(id),
    enabled              BOOLEAN NOT NULL DEFAULT FALSE,
    sales_channel        TEXT NOT NULL CHECK (sales_channel IN ('APP', 'PORTAL', 'APP_AND_PORTAL')),
    customer_number      TEXT NOT NULL DEFAULT '',
    contract_number      TEXT NOT NULL DEFAULT '',
    first_class_allowed  BOOLEAN NOT NULL DEFAULT FALSE,
    max_ticket_cents     BIGINT NOT NULL DEFAULT 0 CHECK (max_ticket_cents BETWEEN 0 AND 1000000000),
    monthly_limit_cents  BIGINT NOT NULL DEFAULT 0 CHECK (monthly_limit_cents BETWEEN 0 AND 1000000000),
    updated_by           BIGINT NOT NULL REFERENCES users(id),
    updated_at           TIMESTAMP NOT NULL,
    CHECK ((partner_id IS NULL) <> (corporate_account_id IS NULL))
);

-- +goose Down
DROP TABLE nmbs_ticket_sales_configs;
DROP TABLE nmbs_season_ticket_configs;
DROP TABLE plugin_purchase_emails;
DROP TABLE plugin_purchase_history;
DROP TABLE plugin_purchases;
