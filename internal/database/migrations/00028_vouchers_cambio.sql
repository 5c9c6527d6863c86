-- +goose Up
-- Vouchers (internal/voucher) and Cambio invoices and CO2 (internal/cambio):
-- provider files uploaded by platform staff, kept with who, when and the
-- result; every line has a natural key under a unique constraint, so a
-- second process or the same file uploaded again writes nothing twice.

CREATE TABLE voucher_uploads (
    id            {{pk}},
    osp_id        TEXT NOT NULL UNIQUE,
    corporate_account_id BIGINT NOT NULL REFERENCES corporate_accounts(id),
    filename      TEXT NOT NULL,
    content       {{blob}} NOT NULL,
    row_count     INTEGER NOT NULL CHECK (row_count BETWEEN 0 AND 500),
    status        TEXT NOT NULL CHECK (status IN ('UPLOADED', 'PROCESSED')),
    report        TEXT NOT NULL DEFAULT '',
    created_by    BIGINT NOT NULL REFERENCES users(id),
    created_at    TIMESTAMP NOT NULL,
    processed_by  BIGINT REFERENCES users(id),
    processed_at  TIMESTAMP
);
CREATE INDEX voucher_uploads_created ON voucher_uploads (created_at, id);

CREATE TABLE vouchers (
    id                   {{pk}},
    osp_id               TEXT NOT NULL UNIQUE,
    code                 TEXT NOT NULL UNIQUE,
    value_cents          BIGINT NOT NULL CHECK (value_cents > 0 AND value_cents <= 1000000000),
    valid_from           TEXT NOT NULL,
    valid_until          TEXT NOT NULL,
    description          TEXT NOT NULL DEFAULT '',
    corporate_account_id BIGINT NOT NULL REFERENCES corporate_accounts(id),
    user_id              BIGINT REFERENCES users(id),
    status               TEXT NOT NULL CHECK (status IN ('ISSUED', 'REDEEMED')),
    redeemed_at          TIMESTAMP,
    redeemed_by          BIGINT REFERENCES users(id),
    redeemed_reference   TEXT NOT NULL DEFAULT '',
    recorded_by          BIGINT REFERENCES users(id),
    upload_id            BIGINT NOT NULL REFERENCES voucher_uploads(id),
    created_at           TIMESTAMP NOT NULL,
    CHECK (valid_from <= valid_until),
    CHECK ((status = 'REDEEMED') = (redeemed_at IS NOT NULL))
);
CREATE INDEX vouchers_company ON vouchers (corporate_account_id, id);
CREATE INDEX vouchers_user ON vouchers (user_id);
CREATE INDEX vouchers_redeemed_by ON vouchers (redeemed_by);

CREATE TABLE cambio_uploads (
    id            {{pk}},
    osp_id        TEXT NOT NULL UNIQUE,
    kind          TEXT NOT NULL CHECK (kind IN ('INVOICE', 'CO2')),
    filename      TEXT NOT NULL,
    content       {{blob}} NOT NULL,
    row_count     INTEGER NOT NULL CHECK (row_count BETWEEN 0 AND 500),
    status        TEXT NOT NULL CHECK (status IN ('UPLOADED', 'PARTIAL', 'PROCESSED')),
    report        TEXT NOT NULL DEFAULT '',
    created_by    BIGINT NOT NULL REFERENCES users(id),
    created_at    TIMESTAMP NOT NULL,
    processed_by  BIGINT REFERENCES users(id),
    processed_at  TIMESTAMP
);
CREATE INDEX cambio_uploads_created ON cambio_uploads (kind, created_at, id);

CREATE TABLE cambio_invoice_lines (
    id                   {{pk}},
    invoice_number       TEXT NOT NULL,
    line_id              TEXT NOT NULL,
    customer_number      TEXT NOT NULL,
    user_id              BIGINT NOT NULL REFERENCES users(id),
    corporate_account_id BIGINT NOT NULL REFERENCES corporate_accounts(id),
    trip_date            TEXT NOT NULL,
    amount_cents         BIGINT NOT NULL CHECK (amount_cents > 0 AND amount_cents <= 1000000000),
    vat_basis_points     BIGINT NOT NULL,
    expense_osp_id       TEXT NOT NULL,
    booking_id           TEXT NOT NULL,
    upload_id            BIGINT NOT NULL REFERENCES cambio_uploads(id),
    created_at           TIMESTAMP NOT NULL,
    UNIQUE (invoice_number, line_id)
);
CREATE INDEX cambio_invoice_lines_user ON cambio_invoice_lines (user_id);

CREATE TABLE cambio_co2 (
    id                   {{pk}},
    user_id              BIGINT NOT NULL REFERENCES users(id),
    corporate_account_id BIGINT NOT NULL REFERENCES corporate_accounts(id),
    month                TEXT NOT NULL,
    customer_number      TEXT NOT NULL,
    km                   BIGINT NOT NULL CHECK (km >= 0 AND km <= 1000000),
    co2_grams            BIGINT NOT NULL CHECK (co2_grams >= 0 AND co2_grams <= 1000000000),
    upload_id            BIGINT NOT NULL REFERENCES cambio_uploads(id),
    created_at           TIMESTAMP NOT NULL,
    UNIQUE (user_id, month)
);
CREATE INDEX cambio_co2_company ON cambio_co2 (corporate_account_id, month);

-- +goose Down
DROP TABLE cambio_co2;
DROP TABLE cambio_invoice_lines;
DROP TABLE cambio_uploads;
DROP TABLE vouchers;
DROP TABLE voucher_uploads;
