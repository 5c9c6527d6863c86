-- +goose Up
-- Trips (issue 13): what a company compensates for commuting, business
-- trips and home work, each user's permissions, overrides and commuting
-- distance history, the tax-free rates per km with their validity, the
-- registrations and the monthly payment runs. Owner: internal/trip (every
-- table here). Money is integer euro cents; rates per km are micro-euros
-- (0.4415 EUR/km = 441500) so every official rate is exact; distances are
-- metres; dates yyyy-MM-dd; months yyyyMM.

-- One row per company (absent = nothing compensated). SPEC §3 Trip
-- configuration. Business trips take ONE car type (business_car_type,
-- '' = no car) plus the bike. The car commute is paid per km, per trip or
-- per day (car_commute_compensation_type); bike and walking per km.
CREATE TABLE company_travel_settings (
    corporate_account_id                 BIGINT PRIMARY KEY REFERENCES corporate_accounts(id),
    commute_bike_enabled                 BOOLEAN NOT NULL DEFAULT FALSE,
    commute_car_enabled                  BOOLEAN NOT NULL DEFAULT FALSE,
    commute_walk_enabled                 BOOLEAN NOT NULL DEFAULT FALSE,
    business_trips_enabled               BOOLEAN NOT NULL DEFAULT FALSE,
    business_car_type                    TEXT NOT NULL DEFAULT '' CHECK (business_car_type IN ('', 'PRIVATE_CAR', 'COMPANY_CAR')),
    business_bike_enabled                BOOLEAN NOT NULL DEFAULT FALSE,
    home_work_enabled                    BOOLEAN NOT NULL DEFAULT FALSE,
    home_work_daily_allowance            BIGINT NOT NULL DEFAULT 0 CHECK (home_work_daily_allowance BETWEEN 0 AND 100000),
    car_commute_compensation_type        TEXT NOT NULL DEFAULT 'PER_KILOMETER' CHECK (car_commute_compensation_type IN ('PER_KILOMETER', 'PER_TRIP', 'PER_DAY')),
    commute_bike_per_km_micro            BIGINT NOT NULL DEFAULT 0 CHECK (commute_bike_per_km_micro BETWEEN 0 AND 10000000),
    commute_walk_per_km_micro            BIGINT NOT NULL DEFAULT 0 CHECK (commute_walk_per_km_micro BETWEEN 0 AND 10000000),
    commute_car_per_km_micro             BIGINT NOT NULL DEFAULT 0 CHECK (commute_car_per_km_micro BETWEEN 0 AND 10000000),
    commute_car_per_trip                 BIGINT NOT NULL DEFAULT 0 CHECK (commute_car_per_trip BETWEEN 0 AND 100000),
    commute_car_per_day                  BIGINT NOT NULL DEFAULT 0 CHECK (commute_car_per_day BETWEEN 0 AND 100000),
    business_private_car_per_km_micro    BIGINT NOT NULL DEFAULT 0 CHECK (business_private_car_per_km_micro BETWEEN 0 AND 10000000),
    business_company_car_per_km_micro    BIGINT NOT NULL DEFAULT 0 CHECK (business_company_car_per_km_micro BETWEEN 0 AND 10000000),
    business_bike_per_km_micro           BIGINT NOT NULL DEFAULT 0 CHECK (business_bike_per_km_micro BETWEEN 0 AND 10000000),
    allow_distances_configured_by_user   BOOLEAN NOT NULL DEFAULT FALSE,
    pay_bike_via_mobility_budget         BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at                           TIMESTAMP NOT NULL,
    CHECK (business_trips_enabled OR (business_car_type = '' AND NOT business_bike_enabled))
);

-- Tax-free rates per km (SPEC §9) with their validity; valid_to NULL =
-- open-ended. Periods of one kind never overlap: the service checks in the
-- writing transaction under a per-kind lock. BIKE applies to commutes and
-- business trips by bike, WALK to walking commutes, BUSINESS_PRIVATE_CAR
-- to business trips by private car. A trip uses the rate valid on its date.
CREATE TABLE tax_free_rates (
    id           {{pk}},
    osp_id       TEXT NOT NULL UNIQUE,
    kind         TEXT NOT NULL CHECK (kind IN ('BIKE', 'WALK', 'BUSINESS_PRIVATE_CAR')),
    rate_micro   BIGINT NOT NULL CHECK (rate_micro BETWEEN 0 AND 10000000),
    valid_from   TEXT NOT NULL CHECK (length(valid_from) = 10),
    valid_to     TEXT CHECK (valid_to IS NULL OR (length(valid_to) = 10 AND valid_to >= valid_from)),
    created_at   TIMESTAMP NOT NULL,
    UNIQUE (kind, valid_from)
);
-- SPEC §9: bike 0.35, walking 0.24, private car for business trips 0.4415
-- from 1 July 2024 to 30 June 2025; the Belgian annually indexed rate for
-- the next period (1 July 2025 to 30 June 2026) is 0.4449 (sociare.be,
-- q-bus.be; the quarterly indexed rates differ). Staff add later periods.
INSERT INTO tax_free_rates (osp_id, kind, rate_micro, valid_from, valid_to, created_at) VALUES
    ('a3c1e6f0-2d4b-4e0a-9c1d-000000000001', 'BIKE', 350000, '2024-07-01', NULL, CURRENT_TIMESTAMP),
    ('a3c1e6f0-2d4b-4e0a-9c1d-000000000002', 'WALK', 240000, '2024-07-01', NULL, CURRENT_TIMESTAMP),
    ('a3c1e6f0-2d4b-4e0a-9c1d-000000000003', 'BUSINESS_PRIVATE_CAR', 441500, '2024-07-01', '2025-06-30', CURRENT_TIMESTAMP),
    ('a3c1e6f0-2d4b-4e0a-9c1d-000000000004', 'BUSINESS_PRIVATE_CAR', 444900, '2025-07-01', '2026-06-30', CURRENT_TIMESTAMP);

-- A user's commuting distance per trip (one way), with history: the
-- distance valid on a day is the row with the latest valid_from <= day.
-- distance_m is what the admin configured; user_distance_m what the user
-- entered (when the company allows it), at most 20 % from the admin's
-- (SPEC §5, §9), held here with integers: 80 % <= user/admin <= 120 %.
CREATE TABLE commute_distances (
    id                    {{pk}},
    osp_id                TEXT NOT NULL UNIQUE,
    user_id               BIGINT NOT NULL REFERENCES users(id),
    corporate_account_id  BIGINT NOT NULL REFERENCES corporate_accounts(id),
    valid_from            TEXT NOT NULL CHECK (length(valid_from) = 10),
    distance_m            INTEGER NOT NULL CHECK (distance_m BETWEEN 1 AND 500000),
    user_distance_m       INTEGER CHECK (user_distance_m IS NULL OR (user_distance_m * 100 >= distance_m * 80 AND user_distance_m * 100 <= distance_m * 120)),
    created_at            TIMESTAMP NOT NULL,
    updated_at            TIMESTAMP NOT NULL,
    UNIQUE (user_id, valid_from)
);
CREATE INDEX commute_distances_company ON commute_distances(corporate_account_id, user_id);

-- A user's permissions and overrides (absent = the defaults: the commute
-- modes the company offers are allowed, home work and business trips are
-- not). Each override NULL = the company's value.
CREATE TABLE user_trip_settings (
    user_id                          BIGINT PRIMARY KEY REFERENCES users(id),
    corporate_account_id             BIGINT NOT NULL REFERENCES corporate_accounts(id),
    commute_bike_allowed             BOOLEAN NOT NULL DEFAULT TRUE,
    commute_car_allowed              BOOLEAN NOT NULL DEFAULT TRUE,
    commute_walk_allowed             BOOLEAN NOT NULL DEFAULT TRUE,
    home_work_allowed                BOOLEAN NOT NULL DEFAULT FALSE,
    business_trip_allowed            BOOLEAN NOT NULL DEFAULT FALSE,
    car_commute_compensation_type    TEXT CHECK (car_commute_compensation_type IS NULL OR car_commute_compensation_type IN ('PER_KILOMETER', 'PER_TRIP', 'PER_DAY')),
    commute_bike_per_km_micro        BIGINT CHECK (commute_bike_per_km_micro IS NULL OR commute_bike_per_km_micro BETWEEN 0 AND 10000000),
    commute_walk_per_km_micro        BIGINT CHECK (commute_walk_per_km_micro IS NULL OR commute_walk_per_km_micro BETWEEN 0 AND 10000000),
    commute_car_per_km_micro         BIGINT CHECK (commute_car_per_km_micro IS NULL OR commute_car_per_km_micro BETWEEN 0 AND 10000000),
    commute_car_per_trip             BIGINT CHECK (commute_car_per_trip IS NULL OR commute_car_per_trip BETWEEN 0 AND 100000),
    commute_car_per_day              BIGINT CHECK (commute_car_per_day IS NULL OR commute_car_per_day BETWEEN 0 AND 100000),
    business_car_per_km_micro        BIGINT CHECK (business_car_per_km_micro IS NULL OR business_car_per_km_micro BETWEEN 0 AND 10000000),
    business_bike_per_km_micro       BIGINT CHECK (business_bike_per_km_micro IS NULL OR business_bike_per_km_micro BETWEEN 0 AND 10000000),
    home_work_daily_allowance        BIGINT CHECK (home_work_daily_allowance IS NULL OR home_work_daily_allowance BETWEEN 0 AND 100000),
    updated_at                       TIMESTAMP NOT NULL
);
CREATE INDEX user_trip_settings_company ON user_trip_settings(corporate_account_id);

-- A trip or home-work day. Commutes: BIKE, WALK or CAR with a direction;
-- business trips: PRIVATE_CAR, COMPANY_CAR or BIKE; home work: no mode, no
-- distance. compensation and taxable (the part above the tax-free rate
-- valid on trip_date) are cents, computed when registered and kept;
-- rate_micro and tax_free_rate_micro are the rates used (NULL when not per
-- km). PAID rows carry the month paid and the ledger row that paid them.
CREATE TABLE trip_registrations (
    id                    {{pk}},
    osp_id                TEXT NOT NULL UNIQUE,
    user_id               BIGINT NOT NULL REFERENCES users(id),
    corporate_account_id  BIGINT NOT NULL REFERENCES corporate_accounts(id),
    trip_date             TEXT NOT NULL CHECK (length(trip_date) = 10),
    kind                  TEXT NOT NULL CHECK (kind IN ('COMMUTE', 'BUSINESS', 'HOME_WORK')),
    mode                  TEXT NOT NULL DEFAULT '' CHECK (mode IN ('', 'BIKE', 'WALK', 'CAR', 'PRIVATE_CAR', 'COMPANY_CAR')),
    direction             TEXT NOT NULL DEFAULT '' CHECK (direction IN ('', 'OUTBOUND', 'RETURN')),
    distance_m            INTEGER NOT NULL DEFAULT 0 CHECK (distance_m BETWEEN 0 AND 1000000),
    compensation_type     TEXT NOT NULL CHECK (compensation_type IN ('PER_KILOMETER', 'PER_TRIP', 'PER_DAY')),
    rate_micro            BIGINT CHECK (rate_micro IS NULL OR rate_micro BETWEEN 0 AND 10000000),
    tax_free_rate_micro   BIGINT CHECK (tax_free_rate_micro IS NULL OR tax_free_rate_micro BETWEEN 0 AND 10000000),
    compensation          BIGINT NOT NULL CHECK (compensation BETWEEN 0 AND 10000000),
    taxable               BIGINT NOT NULL DEFAULT 0 CHECK (taxable >= 0 AND taxable <= compensation),
    status                TEXT NOT NULL CHECK (status IN ('REGISTERED', 'APPROVED', 'REJECTED', 'PAID')),
    paid_month            TEXT,
    budget_tx_osp_id      TEXT,
    description           TEXT NOT NULL DEFAULT '',
    created_by            BIGINT REFERENCES users(id),
    created_at            TIMESTAMP NOT NULL,
    updated_at            TIMESTAMP NOT NULL,
    CHECK ((kind = 'COMMUTE') = (direction <> '')),
    CHECK (kind <> 'COMMUTE' OR mode IN ('BIKE', 'WALK', 'CAR')),
    CHECK (kind <> 'BUSINESS' OR mode IN ('PRIVATE_CAR', 'COMPANY_CAR', 'BIKE')),
    CHECK (kind <> 'HOME_WORK' OR (mode = '' AND distance_m = 0)),
    CHECK ((status = 'PAID') = (paid_month IS NOT NULL))
);
-- No two commutes in the same direction on a day, one home-work day a day.
CREATE UNIQUE INDEX trip_registrations_commute ON trip_registrations(user_id, trip_date, direction) WHERE kind = 'COMMUTE';
CREATE UNIQUE INDEX trip_registrations_home_work ON trip_registrations(user_id, trip_date) WHERE kind = 'HOME_WORK';
CREATE INDEX trip_registrations_company ON trip_registrations(corporate_account_id, trip_date, id);
CREATE INDEX trip_registrations_user ON trip_registrations(user_id, trip_date);
CREATE INDEX trip_registrations_status ON trip_registrations(status, trip_date, user_id);

-- A user's compensation for a month is paid once, ever (the primary key):
-- the run inserts this row in the transaction that books the ledger row
-- and marks the month's registrations PAID.
CREATE TABLE trip_payment_runs (
    user_id               BIGINT NOT NULL REFERENCES users(id),
    month                 TEXT NOT NULL CHECK (length(month) = 6),
    corporate_account_id  BIGINT NOT NULL REFERENCES corporate_accounts(id),
    registration_count    INTEGER NOT NULL CHECK (registration_count >= 0),
    amount                BIGINT NOT NULL CHECK (amount >= 0),
    taxable               BIGINT NOT NULL CHECK (taxable >= 0 AND taxable <= amount),
    budget_tx_osp_id      TEXT,
    created_at            TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, month)
);
CREATE INDEX trip_payment_runs_company ON trip_payment_runs(corporate_account_id, month);

-- Registration import files (CSV, at most 500 rows): uploaded, validated
-- per line, processed once (status PROCESSED with the stored report; a
-- second process answers it).
CREATE TABLE trip_import_uploads (
    id                    {{pk}},
    osp_id                TEXT NOT NULL UNIQUE,
    corporate_account_id  BIGINT NOT NULL REFERENCES corporate_accounts(id),
    filename              TEXT NOT NULL,
    content               {{blob}} NOT NULL,
    row_count             INTEGER NOT NULL CHECK (row_count BETWEEN 0 AND 500),
    status                TEXT NOT NULL CHECK (status IN ('UPLOADED', 'PROCESSED')),
    report                TEXT NOT NULL DEFAULT '',
    created_by            BIGINT NOT NULL REFERENCES users(id),
    created_at            TIMESTAMP NOT NULL,
    processed_at          TIMESTAMP
);

-- +goose Down
DROP TABLE trip_import_uploads;
DROP TABLE trip_payment_runs;
DROP TABLE trip_registrations;
DROP TABLE user_trip_settings;
DROP TABLE commute_distances;
DROP TABLE tax_free_rates;
DROP TABLE company_travel_settings;
