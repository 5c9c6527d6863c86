-- +goose Up
-- Deactivation workflows (owned by internal/deactivation): a company's
-- deactivation request and its course, the balances settled at its end,
-- and a partner's deactivation run as one resumable job over its
-- companies. Users and budgets (owned by user and budget) get a mark of
-- what a company's or partner's deactivation switched off, so activating
-- the company again switches on exactly those, and budgets the window in
-- which extra costs may still be booked on them.

ALTER TABLE users ADD COLUMN off_with_account BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE budgets ADD COLUMN off_with_account BOOLEAN NOT NULL DEFAULT FALSE;
-- yyyy-MM-dd: a budget switched off with its company still takes expenses
-- before this day (SPEC §9: extra costs up to 60 days).
ALTER TABLE budgets ADD COLUMN extra_costs_until TEXT;
CREATE INDEX users_off_with_account ON users(corporate_account_id) WHERE off_with_account;
CREATE INDEX budgets_off_with_account ON budgets(corporate_account_id) WHERE off_with_account;

-- One row per partner deactivation; its companies are listed when it
-- starts and each is marked done in the transaction that deactivates it,
-- so a crash part-way resumes with the rest and never does one twice.
CREATE TABLE partner_deactivations (
    id              {{pk}},
    partner_id      BIGINT NOT NULL REFERENCES partners(id),
    status          TEXT NOT NULL, -- RUNNING, DONE, ACTIVATED
    started_on      TEXT NOT NULL, -- business day (yyyy-MM-dd): the companies' effective day
    started_by      BIGINT REFERENCES users(id),
    companies_total INTEGER NOT NULL DEFAULT 0,
    started_at      TIMESTAMP NOT NULL,
    finished_at     TIMESTAMP,
    activated_at    TIMESTAMP
);
CREATE INDEX partner_deactivations_partner ON partner_deactivations(partner_id, id);
CREATE UNIQUE INDEX partner_deactivations_running ON partner_deactivations(partner_id) WHERE status = 'RUNNING';

CREATE TABLE partner_deactivation_companies (
    partner_deactivation_id BIGINT NOT NULL REFERENCES partner_deactivations(id),
    corporate_account_id    BIGINT NOT NULL REFERENCES corporate_accounts(id),
    done_at                 TIMESTAMP,
    PRIMARY KEY (partner_deactivation_id, corporate_account_id)
);

-- A company's deactivation: REQUESTED → HANDLED → EFFECTIVE → SETTLED,
-- or WITHDRAWN before it takes effect, or REACTIVATED after. Dates are
-- business days (yyyy-MM-dd, Europe/Brussels). At most one open
-- (REQUESTED or HANDLED) request per company.
CREATE TABLE company_deactivations (
    id                      {{pk}},
    osp_id                  TEXT NOT NULL UNIQUE,
    corporate_account_id    BIGINT NOT NULL REFERENCES corporate_accounts(id),
    status                  TEXT NOT NULL,
    remark                  TEXT NOT NULL DEFAULT '',
    requested_on            TEXT NOT NULL,
    requested_by            BIGINT REFERENCES users(id),
    handle_by               TEXT NOT NULL,
    handled_on              TEXT,
    handled_by              BIGINT REFERENCES users(id),
    effective_on            TEXT,
    extra_costs_until       TEXT,
    settled_on              TEXT,
    withdrawn_on            TEXT,
    activated_on            TEXT,
    partner_deactivation_id BIGINT REFERENCES partner_deactivations(id),
    created_at              TIMESTAMP NOT NULL,
    updated_at              TIMESTAMP NOT NULL
);
CREATE INDEX company_deactivations_company ON company_deactivations(corporate_account_id, id);
CREATE INDEX company_deactivations_status ON company_deactivations(status, handle_by);
CREATE UNIQUE INDEX company_deactivations_open ON company_deactivations(corporate_account_id)
    WHERE status IN ('REQUESTED', 'HANDLED');

-- The balances settled at the end of the extra-costs window: one row per
-- (deactivation, budget), written in the transaction of its ledger row, so
-- a rerun books nothing twice.
CREATE TABLE company_settlements (
    company_deactivation_id BIGINT NOT NULL REFERENCES company_deactivations(id),
    budget_id               BIGINT NOT NULL REFERENCES budgets(id),
    amount                  BIGINT NOT NULL, -- cents taken off the budget (its balance then)
    tx_osp_id               TEXT NOT NULL DEFAULT '',
    created_at              TIMESTAMP NOT NULL,
    PRIMARY KEY (company_deactivation_id, budget_id)
);

-- +goose Down
DROP TABLE company_settlements;
DROP TABLE company_deactivations;
DROP TABLE partner_deactivation_companies;
DROP TABLE partner_deactivations;
DROP INDEX budgets_off_with_account;
DROP INDEX users_off_with_account;
ALTER TABLE budgets DROP COLUMN extra_costs_until;
ALTER TABLE budgets DROP COLUMN off_with_account;
ALTER TABLE users DROP COLUMN off_with_account;
