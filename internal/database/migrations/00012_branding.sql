-- +goose Up
-- Branding (owned by internal/branding): the colours and images of a partner
-- or a corporate account. Exactly one owner per row; a company without a row
-- (or without a colour or an image type) inherits its partner's, a partner
-- without one the platform default. A NULL colour inherits that colour.
CREATE TABLE branding_configurations (
    id                   {{pk}},
    partner_id           BIGINT REFERENCES partners(id),
    corporate_account_id BIGINT REFERENCES corporate_accounts(id),
    brand_color          TEXT,
    primary_color        TEXT,
    secondary_color      TEXT,
    variant_color        TEXT,
    updated_at           TIMESTAMP NOT NULL,
    CHECK ((partner_id IS NULL) <> (corporate_account_id IS NULL)),
    UNIQUE (partner_id),
    UNIQUE (corporate_account_id)
);

-- One image per (owner, image type): PNG, JPEG or sanitised SVG, checked by
-- content on upload; sha256 is the version the web app caches by.
CREATE TABLE branding_images (
    id                   {{pk}},
    partner_id           BIGINT REFERENCES partners(id),
    corporate_account_id BIGINT REFERENCES corporate_accounts(id),
    image_type           TEXT NOT NULL,
    content_type         TEXT NOT NULL,
    width                INTEGER NOT NULL DEFAULT 0,
    height               INTEGER NOT NULL DEFAULT 0,
    size_bytes           INTEGER NOT NULL,
    sha256               TEXT NOT NULL,
    file_name            TEXT NOT NULL DEFAULT '',
    content              {{blob}} NOT NULL,
    updated_at           TIMESTAMP NOT NULL,
    CHECK ((partner_id IS NULL) <> (corporate_account_id IS NULL)),
    UNIQUE (partner_id, image_type),
    UNIQUE (corporate_account_id, image_type)
);

-- +goose Down
DROP TABLE branding_images;
DROP TABLE branding_configurations;
