-- +goose Up
-- Money: budgets with an append-only ledger of transactions, scheduled
-- runs keyed by (budget, period), expenses and their recurrences, promo
-- codes, usage reasons and the company's budget-type settings.
-- Every amount is an integer number of euro cents.

CREATE TABLE budgets (
    id                                {{pk}},
    osp_id                            TEXT NOT NULL UNIQUE,
    corporate_account_id              BIGINT NOT NULL REFERENCES corporate_accounts(id),
    user_id                           BIGINT REFERENCES users(id), -- NULL: the company's own budget
    budget_type                       TEXT NOT NULL,  -- MOBILITY_BUDGET, BUSINESS_BUDGET, ...
    payment_type                      TEXT NOT NULL DEFAULT 'COMPANY_BUDGET', -- or PRIVATE_BUDGET
    ext_id                            TEXT,
    currency                          TEXT NOT NULL DEFAULT 'EUR',
    frequency                         TEXT,           -- MONTH, YEAR or NULL (manual)
    frequency_method                  TEXT NOT NULL,  -- AUTOMATIC or MANUAL
    frequency_amount                  BIGINT NOT NULL DEFAULT 0,
    previous_frequency_amount         BIGINT,
    pending_frequency_amount          BIGINT,         -- applied at the next period (NEXT_PERIOD)
    frequency_amount_update_strategy  TEXT NOT NULL DEFAULT 'NEXT_PERIOD',
    end_of_year_recurrence_strategy   TEXT NOT NULL DEFAULT 'CONTINUE',
    transfer_strategy                 TEXT,
    limited                           BOOLEAN NOT NULL DEFAULT TRUE,
    budget_upper_limit                BIGINT,
    threshold                         BIGINT,
    below_threshold                   BOOLEAN NOT NULL DEFAULT FALSE,
    start_amount                      BIGINT NOT NULL DEFAULT 0,
    vat_included                      BOOLEAN NOT NULL DEFAULT TRUE,
    online_payment                    BOOLEAN NOT NULL DEFAULT FALSE,
    deposit_transaction_cost          BIGINT NOT NULL DEFAULT 0,
    security_deposit_amount           BIGINT NOT NULL DEFAULT 0,
    parent_budget_id                  BIGINT REFERENCES budgets(id),
    activation_status                 TEXT NOT NULL DEFAULT 'ACTIVE', -- ACTIVE, DEACTIVATED, REACTIVATED
    start_activation_time             TIMESTAMP NOT NULL,
    end_activation_time               TIMESTAMP,
    end_of_life_started_on            TIMESTAMP,
    balance                           BIGINT NOT NULL DEFAULT 0, -- cache of SUM(budget_transactions.amount)
    created_by                        BIGINT REFERENCES users(id),
    created_at                        TIMESTAMP NOT NULL,
    updated_at                        TIMESTAMP NOT NULL
);
CREATE INDEX budgets_user ON budgets(user_id);
CREATE INDEX budgets_company ON budgets(corporate_account_id, budget_type);

-- The ledger: append-only. A correction is a new row, never an edit.
CREATE TABLE budget_transactions (
    id              {{pk}},
    osp_id          TEXT NOT NULL UNIQUE,
    budget_id       BIGINT NOT NULL REFERENCES budgets(id),
    tx_type         TEXT NOT NULL, -- event, update, topup, user_fee, manual_update, refund, automatic_update_add, automatic_update_reset, start_amount, transfer
    amount          BIGINT NOT NULL,
    balance_after   BIGINT NOT NULL,
    description     TEXT NOT NULL DEFAULT '',
    expense_id      BIGINT,
    period_key      TEXT,
    booking_date    TEXT NOT NULL, -- business date, Europe/Brussels
    created_by      BIGINT REFERENCES users(id),
    created_at      TIMESTAMP NOT NULL
);
CREATE INDEX budget_transactions_budget ON budget_transactions(budget_id, id);
CREATE INDEX budget_transactions_expense ON budget_transactions(expense_id) WHERE expense_id IS NOT NULL;
CREATE INDEX budget_transactions_date ON budget_transactions(booking_date);

-- One row per budget and period whose scheduled run happened (or was
-- skipped): the primary key makes every top-up and reset exactly-once.
CREATE TABLE budget_period_runs (
    budget_id   BIGINT NOT NULL REFERENCES budgets(id),
    period_key  TEXT NOT NULL, -- 2026-12 (monthly) or 2027 (yearly)
    outcome     TEXT NOT NULL, -- credited, skipped
    created_at  TIMESTAMP NOT NULL,
    PRIMARY KEY (budget_id, period_key)
);

CREATE TABLE expenses (
    id                    {{pk}},
    osp_id                TEXT NOT NULL UNIQUE,
    budget_id             BIGINT NOT NULL REFERENCES budgets(id),
    user_id               BIGINT NOT NULL REFERENCES users(id),
    corporate_account_id  BIGINT NOT NULL REFERENCES corporate_accounts(id),
    amount                BIGINT NOT NULL, -- incl. VAT
    vat_percentage        INTEGER NOT NULL DEFAULT 0, -- basis points: 2100 = 21 %
    description           TEXT NOT NULL DEFAULT '',
    expense_date          TEXT NOT NULL,
    booking_id            TEXT NOT NULL,
    usage_reason          TEXT NOT NULL DEFAULT '',
    external_reference    TEXT NOT NULL DEFAULT '',
    identification_field  TEXT NOT NULL DEFAULT '',
    mobility_mode         TEXT NOT NULL DEFAULT 'OTHER_PURCHASES',
    not_billed            BOOLEAN NOT NULL DEFAULT TRUE,
    settled               BOOLEAN NOT NULL DEFAULT FALSE,
    recurrence_id         BIGINT,
    period_key            TEXT,
    created_by            BIGINT REFERENCES users(id),
    created_at            TIMESTAMP NOT NULL
);
CREATE INDEX expenses_user ON expenses(user_id, expense_date);
CREATE INDEX expenses_company ON expenses(corporate_account_id, expense_date);
CREATE UNIQUE INDEX expenses_recurrence_period ON expenses(recurrence_id, period_key);

CREATE TABLE recurring_expenses (
    id                    {{pk}},
    osp_id                TEXT NOT NULL UNIQUE,
    user_id               BIGINT NOT NULL REFERENCES users(id),
    budget_id             BIGINT NOT NULL REFERENCES budgets(id),
    purchase_type         TEXT NOT NULL,
    amount                BIGINT NOT NULL,
    vat_percentage        INTEGER NOT NULL DEFAULT 0,
    description           TEXT NOT NULL DEFAULT '',
    frequency             TEXT NOT NULL, -- MONTH or YEAR
    start_date            TEXT NOT NULL,
    end_date              TEXT,
    created_by            BIGINT REFERENCES users(id),
    created_at            TIMESTAMP NOT NULL
);
CREATE INDEX recurring_expenses_user ON recurring_expenses(user_id);

CREATE TABLE promo_codes (
    id          {{pk}},
    code        TEXT NOT NULL UNIQUE,
    amount      BIGINT NOT NULL,
    valid_from  TEXT NOT NULL,
    valid_to    TEXT NOT NULL,
    created_by  BIGINT REFERENCES users(id),
    created_at  TIMESTAMP NOT NULL
);

CREATE TABLE promo_redemptions (
    promo_code_id  BIGINT NOT NULL REFERENCES promo_codes(id),
    budget_id      BIGINT NOT NULL REFERENCES budgets(id),
    created_at     TIMESTAMP NOT NULL,
    PRIMARY KEY (promo_code_id, budget_id)
);

CREATE TABLE usage_reasons (
    id                    {{pk}},
    osp_id                TEXT NOT NULL UNIQUE,
    corporate_account_id  BIGINT NOT NULL REFERENCES corporate_accounts(id),
    label                 TEXT NOT NULL,
    active                BOOLEAN NOT NULL DEFAULT TRUE,
    UNIQUE (corporate_account_id, label)
);

-- The budget types a company offers, with its defaults for new budgets.
CREATE TABLE company_budget_types (
    corporate_account_id  BIGINT NOT NULL REFERENCES corporate_accounts(id),
    budget_type           TEXT NOT NULL,
    frequency             TEXT,
    transfer_strategy     TEXT,
    frequency_amount      BIGINT NOT NULL DEFAULT 0,
    limited               BOOLEAN NOT NULL DEFAULT TRUE,
    budget_upper_limit    BIGINT,
    PRIMARY KEY (corporate_account_id, budget_type)
);

-- +goose Down
DROP TABLE company_budget_types;
DROP TABLE usage_reasons;
DROP TABLE promo_redemptions;
DROP TABLE promo_codes;
DROP TABLE recurring_expenses;
DROP TABLE expenses;
DROP TABLE budget_period_runs;
DROP TABLE budget_transactions;
DROP TABLE budgets;
