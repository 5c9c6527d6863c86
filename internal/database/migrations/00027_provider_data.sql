-- +goose Up
-- Provider data (internal/providerdata): providers' files (NMBS, De Lijn,
-- KBC, Swapfiets, Blue-bike, BeMobile, charging, surcharges) uploaded by
-- platform staff, kept with who uploaded them, when and the last result,
-- and every line of them that was processed, under its natural key.

CREATE TABLE provider_uploads (
    id            {{pk}},
    osp_id        TEXT NOT NULL UNIQUE,
    kind          TEXT NOT NULL,
    filename      TEXT NOT NULL,
    content_type  TEXT NOT NULL,
    content       {{blob}} NOT NULL,
    row_count     INTEGER NOT NULL CHECK (row_count BETWEEN 0 AND 500),
    status        TEXT NOT NULL CHECK (status IN ('UPLOADED', 'VALIDATED', 'PROCESSED')),
    result        TEXT NOT NULL DEFAULT '',
    process_count INTEGER NOT NULL DEFAULT 0,
    created_by    BIGINT NOT NULL REFERENCES users(id),
    created_at    TIMESTAMP NOT NULL,
    processed_by  BIGINT REFERENCES users(id),
    processed_at  TIMESTAMP
);
CREATE INDEX provider_uploads_kind ON provider_uploads(kind, created_at);

-- One row per provider line ever processed: booked (expense set), or
-- kept UNMATCHED / REFUSED with its reason until a later process books
-- it. UNIQUE(provider, natural_key) is what makes a line book once.
CREATE TABLE provider_lines (
    id             {{pk}},
    provider       TEXT NOT NULL,
    natural_key    TEXT NOT NULL,
    upload_id      BIGINT NOT NULL REFERENCES provider_uploads(id),
    line_number    INTEGER NOT NULL,
    line_date      TEXT NOT NULL,
    amount         BIGINT NOT NULL,
    vat_percentage BIGINT NOT NULL,
    token_value    TEXT NOT NULL DEFAULT '',
    user_id        BIGINT REFERENCES users(id),
    expense_id     BIGINT REFERENCES expenses(id),
    expense_osp_id TEXT,
    booking_id     TEXT,
    status         TEXT NOT NULL CHECK (status IN ('BOOKED', 'UNMATCHED', 'REFUSED')),
    reason         TEXT NOT NULL DEFAULT '',
    created_at     TIMESTAMP NOT NULL,
    updated_at     TIMESTAMP NOT NULL,
    UNIQUE (provider, natural_key)
);
CREATE INDEX provider_lines_upload ON provider_lines(upload_id, line_number);

-- +goose Down
DROP TABLE provider_lines;
DROP TABLE provider_uploads;
