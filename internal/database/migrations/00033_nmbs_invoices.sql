-- +goose Up
-- NMBS and B-Parking invoices (internal/nmbsinvoice): a company's monthly
-- invoice files from NMBS/SNCB (season cards) and B-Parking (station
-- parking), kept with who uploaded and processed them, when, and the
-- per-line result; and the season-card orders each provider has invoiced,
-- once per (provider, order) so the same line in a second file invoices
-- nothing twice. order_id is internal/order's id: no foreign key, so this
-- file stands apart from the orders migration.

CREATE TABLE nmbs_invoice_uploads (
    id                   {{pk}},
    osp_id               TEXT NOT NULL UNIQUE,
    corporate_account_id BIGINT NOT NULL REFERENCES corporate_accounts(id),
    provider             TEXT NOT NULL CHECK (provider IN ('NMBS', 'BPARKING')),
    filename             TEXT NOT NULL,
    content              {{blob}} NOT NULL,
    row_count            INTEGER NOT NULL CHECK (row_count BETWEEN 0 AND 500),
    status               TEXT NOT NULL CHECK (status IN ('UPLOADED', 'PROCESSED')),
    report               TEXT NOT NULL DEFAULT '',
    created_by           BIGINT NOT NULL REFERENCES users(id),
    created_at           TIMESTAMP NOT NULL,
    processed_by         BIGINT REFERENCES users(id),
    processed_at         TIMESTAMP
);
CREATE INDEX nmbs_invoice_uploads_company ON nmbs_invoice_uploads (corporate_account_id, provider, created_at, id);

CREATE TABLE nmbs_invoiced_orders (
    id                   {{pk}},
    provider             TEXT NOT NULL CHECK (provider IN ('NMBS', 'BPARKING')),
    order_id             BIGINT NOT NULL,
    corporate_account_id BIGINT NOT NULL REFERENCES corporate_accounts(id),
    upload_id            BIGINT NOT NULL REFERENCES nmbs_invoice_uploads(id),
    line_number          INTEGER NOT NULL,
    invoice_number       TEXT NOT NULL,
    invoice_month        TEXT NOT NULL,
    card_number          TEXT NOT NULL,
    amount_cents         BIGINT NOT NULL CHECK (amount_cents > 0 AND amount_cents <= 1000000000),
    vat_basis_points     BIGINT NOT NULL CHECK (vat_basis_points BETWEEN 0 AND 10000),
    created_at           TIMESTAMP NOT NULL,
    UNIQUE (provider, order_id)
);
CREATE INDEX nmbs_invoiced_orders_upload ON nmbs_invoiced_orders (upload_id);
CREATE INDEX nmbs_invoiced_orders_company ON nmbs_invoiced_orders (corporate_account_id, invoice_month);

-- +goose Down
DROP TABLE nmbs_invoiced_orders;
DROP TABLE nmbs_invoice_uploads;
