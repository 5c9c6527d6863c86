-- +goose Up
-- Reconciliation (internal/reconciliation): per provider booking id, the
-- amount the platform booked (expense net of corrections) against the
-- amount the provider's files report (provider lines), with its status;
-- and the manual overrides of platform staff, at most one per booking.

CREATE TABLE reconciliation_rows (
    id              {{pk}},
    booking_id      TEXT NOT NULL UNIQUE,
    provider        TEXT NOT NULL,
    company_id      BIGINT,
    user_id         BIGINT,
    expense_id      BIGINT,
    expense_osp_id  TEXT NOT NULL DEFAULT '',
    expected_amount BIGINT NOT NULL,
    actual_amount   BIGINT NOT NULL,
    currency        TEXT NOT NULL DEFAULT 'EUR',
    status          TEXT NOT NULL CHECK (status IN ('MATCHED', 'MISMATCH', 'MISSING_AT_PROVIDER', 'MISSING_AT_PLATFORM', 'RESOLVED')),
    month           TEXT NOT NULL,
    last_updated_on TIMESTAMP NOT NULL
);
CREATE INDEX reconciliation_rows_status ON reconciliation_rows (status, provider, month, id);

CREATE TABLE reconciliation_overrides (
    id              {{pk}},
    osp_id          TEXT NOT NULL UNIQUE,
    booking_id      TEXT NOT NULL UNIQUE,
    decision        TEXT NOT NULL CHECK (decision IN ('ACCEPT_PROVIDER', 'KEEP_PLATFORM')),
    remark          TEXT NOT NULL,
    expected_amount BIGINT NOT NULL,
    actual_amount   BIGINT NOT NULL,
    booked_amount   BIGINT NOT NULL,
    decided_by      BIGINT NOT NULL REFERENCES users(id),
    decided_at      TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE reconciliation_overrides;
DROP TABLE reconciliation_rows;
