-- +goose Up
-- Season-card orders (internal/order): an app user's order of a season
-- card (SPEC §3), made in the app, then confirmed (booked once as an
-- expense on one of the user's budgets, with the effective start date and
-- price) or cancelled (the reason goes to the user's inbox). A confirmed
-- order may still be cancelled: the booking stays (SPEC §4).
--
-- version is the state guard: confirm and cancel are conditional UPDATEs
-- on (id, status, version), so of two at once exactly one wins.
CREATE TABLE season_card_orders (
    id                   {{pk}},
    osp_id               TEXT NOT NULL UNIQUE,
    corporate_account_id BIGINT NOT NULL REFERENCES corporate_accounts(id),
    user_id              BIGINT NOT NULL REFERENCES users(id),
    status               TEXT NOT NULL CHECK (status IN ('OPEN', 'CONFIRMED', 'CANCELLED')),
    version              INTEGER NOT NULL DEFAULT 1,
    requested_at         TIMESTAMP NOT NULL,
    gender               TEXT NOT NULL,
    firstname            TEXT NOT NULL,
    lastname             TEXT NOT NULL,
    street               TEXT NOT NULL,
    house_number         TEXT NOT NULL,
    postal_code          TEXT NOT NULL,
    city                 TEXT NOT NULL,
    country              TEXT NOT NULL,
    birth_date           TEXT NOT NULL,
    language             TEXT NOT NULL,
    national_number      TEXT NOT NULL,
    personnel_number     TEXT NOT NULL DEFAULT '',
    card_number          TEXT NOT NULL DEFAULT '',
    product              TEXT NOT NULL,
    duration_months      INTEGER NOT NULL,
    start_date           TEXT NOT NULL,
    price                BIGINT NOT NULL,
    remark               TEXT NOT NULL DEFAULT '',
    origin               TEXT NOT NULL DEFAULT '',
    destination          TEXT NOT NULL DEFAULT '',
    travel_class         INTEGER NOT NULL DEFAULT 0,
    subnets              TEXT NOT NULL DEFAULT '',
    include_parking      BOOLEAN NOT NULL DEFAULT FALSE,
    parking_price        BIGINT NOT NULL DEFAULT 0,
    train_type           TEXT NOT NULL DEFAULT '',
    email                TEXT NOT NULL,
    budget_type          TEXT NOT NULL,
    b2b_contract_number  TEXT NOT NULL DEFAULT '',
    limited              BOOLEAN NOT NULL DEFAULT FALSE,
    -- lowercased names, card and personnel number, for the lists' search
    search_text          TEXT NOT NULL,
    effective_start_date TEXT,
    effective_price      BIGINT,
    budget_id            BIGINT,
    expense_id           BIGINT,
    expense_osp_id       TEXT,
    confirmed_by         BIGINT REFERENCES users(id),
    confirmed_at         TIMESTAMP,
    cancelled_by         BIGINT REFERENCES users(id),
    cancelled_at         TIMESTAMP,
    cancel_reason        TEXT,
    handled_at           TIMESTAMP
);
-- getOpen and getHandled page by state and date, platform-wide or per company
CREATE INDEX season_card_orders_state ON season_card_orders (status, requested_at, id);
CREATE INDEX season_card_orders_company ON season_card_orders (corporate_account_id, status, requested_at, id);
CREATE INDEX season_card_orders_handled ON season_card_orders (status, handled_at, id);
-- the invoice check reads the orders confirmed in a month
CREATE INDEX season_card_orders_confirmed ON season_card_orders (confirmed_at, id);

-- Per company: who handles its season-card orders (its user managers, or
-- only platform staff) and the budget type a confirmation books on when
-- the order names none the user has. No row: COMPANY, MOBILITY_BUDGET.
CREATE TABLE season_card_order_config (
    corporate_account_id BIGINT PRIMARY KEY REFERENCES corporate_accounts(id),
    handled_by           TEXT NOT NULL CHECK (handled_by IN ('COMPANY', 'PLATFORM')),
    default_budget_type  TEXT NOT NULL,
    updated_by           BIGINT REFERENCES users(id),
    updated_at           TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE season_card_order_config;
DROP TABLE season_card_orders;
