-- +goose Up
-- The catalogue's resources (owned by internal/resource), PostgreSQL half;
-- see 00015_resources.sqlite.sql, which differs only in the search index
-- and the trigger syntax.
-- Resource labels: a translated label (defaultValue, and at most one text
-- per language en, nl, fr, de) that resources carry. Deleting a label
-- archives it (archived_at): it leaves every list and every resource's
-- labels, its links stay for history, and its defaultValue is free again.
CREATE TABLE resource_labels (
    id            {{pk}},
    osp_id        TEXT NOT NULL UNIQUE,
    default_value TEXT NOT NULL CHECK (length(default_value) BETWEEN 1 AND 100),
    active        BOOLEAN NOT NULL DEFAULT TRUE,
    archived_at   TIMESTAMP,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX resource_labels_default_value ON resource_labels(lower(default_value)) WHERE archived_at IS NULL;

CREATE TABLE resource_label_translations (
    label_id      BIGINT NOT NULL REFERENCES resource_labels(id),
    language_code TEXT NOT NULL CHECK (language_code IN ('en', 'nl', 'fr', 'de')),
    text          TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 100),
    PRIMARY KEY (label_id, language_code)
);

-- Resources of every kind in one table: what applies to a kind is held by
-- CHECKs (a location for everything but services, pumps for gas stations
-- only, a car category for rental cars only, a capacity for parking lots
-- and bike stations only). Deleting a resource archives it (archived_at):
-- it is inactive, leaves every list and answers NOT_FOUND, while the
-- products, permissions and expenses that named it keep their reference;
-- its extId is free again.
CREATE TABLE resources (
    id              {{pk}},
    osp_id          TEXT NOT NULL UNIQUE,
    kind            TEXT NOT NULL CHECK (kind IN ('service', 'transport', 'parking', 'bike', 'car', 'rental', 'gasstation')),
    ext_id          TEXT NOT NULL CHECK (length(ext_id) BETWEEN 1 AND 50 AND ext_id NOT LIKE '%.%' AND ext_id NOT LIKE '% %'),
    name            TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    description     TEXT NOT NULL DEFAULT '',
    active          BOOLEAN NOT NULL DEFAULT TRUE,
    mrp_partner_id  BIGINT NOT NULL REFERENCES partners(id),
    mobility_mode   TEXT NOT NULL CHECK (mobility_mode IN ('BIKE', 'BUS_TRAM_METRO', 'TRAIN', 'PARKING', 'CAR', 'FUEL', 'SNA',
                                                           'OTHER_PURCHASES', 'FLEXOFFICE', 'CHARGING')),
    street          TEXT NOT NULL DEFAULT '',
    street_number   TEXT NOT NULL DEFAULT '',
    zip_code        TEXT NOT NULL DEFAULT '',
    city            TEXT NOT NULL DEFAULT '',
    latitude        DOUBLE PRECISION CHECK (latitude BETWEEN -90 AND 90),
    longitude       DOUBLE PRECISION CHECK (longitude BETWEEN -180 AND 180),
    capacity        INTEGER CHECK (capacity BETWEEN 1 AND 100000),
    car_category    TEXT CHECK (car_category IN ('MINI', 'ECONOMY', 'COMPACT', 'INTERMEDIATE', 'STANDARD', 'FULLSIZE',
                                                 'PREMIUM', 'LUXURY', 'SUV', 'VAN')),
    number_of_pumps INTEGER CHECK (number_of_pumps BETWEEN 1 AND 100),
    archived_at     TIMESTAMP,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL,
    CHECK ((kind = 'service') = (latitude IS NULL)),
    CHECK ((latitude IS NULL) = (longitude IS NULL)),
    CHECK ((kind = 'gasstation') = (number_of_pumps IS NOT NULL)),
    CHECK ((kind = 'rental') = (car_category IS NOT NULL)),
    CHECK (capacity IS NULL OR kind IN ('parking', 'bike')),
    CHECK (archived_at IS NULL OR NOT active)
);
CREATE UNIQUE INDEX resources_kind_ext_id ON resources(kind, ext_id) WHERE archived_at IS NULL;
-- Lists leave archived resources out and sort by name, extId, kind or
-- mobility mode (ties by id, in the same direction): partial indexes that
-- hold only the live ones serve each order; resources_live counts a
-- filtered list from the index alone (50,000 resources: aim p99 < 20 ms).
CREATE INDEX resources_name ON resources(name, id) WHERE archived_at IS NULL;
CREATE INDEX resources_ext_id ON resources(ext_id, id) WHERE archived_at IS NULL;
CREATE INDEX resources_kind_name ON resources(kind, name, id) WHERE archived_at IS NULL;
CREATE INDEX resources_mode_name ON resources(mobility_mode, name, id) WHERE archived_at IS NULL;
CREATE INDEX resources_live ON resources(archived_at, kind, active, mobility_mode, mrp_partner_id);
CREATE INDEX resources_partner ON resources(mrp_partner_id, archived_at, kind, active);

-- Substring search over name and extId: a stored generated column with a
-- pg_trgm GIN index (as users), which LIKE '%abc%' uses.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
ALTER TABLE resources ADD COLUMN search_text TEXT GENERATED ALWAYS AS (lower(name || ' ' || ext_id)) STORED;
CREATE INDEX resources_search_trgm ON resources USING gin (search_text public.gin_trgm_ops) WHERE archived_at IS NULL;

-- A resource's fees, in the order given. amount is cents (per unit for a
-- VARIABLE fee); vat_basis_points is the VAT percentage in basis points
-- (2100 = 21 %); cron is the schedule of a recurring FIXED fee (the
-- standard 5-field notation, in Europe/Brussels).
CREATE TABLE resource_fees (
    resource_id      BIGINT NOT NULL REFERENCES resources(id),
    position         INTEGER NOT NULL CHECK (position BETWEEN 0 AND 19),
    fee_type         TEXT NOT NULL CHECK (fee_type IN ('FIXED', 'VARIABLE')),
    amount           BIGINT NOT NULL CHECK (amount BETWEEN 0 AND 1000000),
    unit             TEXT CHECK (unit IN ('MINUTE', 'HOUR', 'DAY', 'KM', 'KWH', 'LITRE')),
    vat_basis_points INTEGER NOT NULL CHECK (vat_basis_points BETWEEN 0 AND 10000),
    cron             TEXT NOT NULL DEFAULT '',
    pro_rata         BOOLEAN NOT NULL DEFAULT FALSE,
    on_user_budget   BOOLEAN NOT NULL DEFAULT TRUE,
    description      TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (resource_id, position),
    CHECK ((fee_type = 'VARIABLE') = (unit IS NOT NULL)),
    CHECK (cron = '' OR fee_type = 'FIXED'),
    CHECK (NOT pro_rata OR cron <> '')
);

CREATE TABLE resource_label_links (
    resource_id BIGINT NOT NULL REFERENCES resources(id),
    label_id    BIGINT NOT NULL REFERENCES resource_labels(id),
    PRIMARY KEY (resource_id, label_id)
);
CREATE INDEX resource_label_links_label ON resource_label_links(label_id, resource_id);

-- A service resource's icon: PNG, JPEG or sanitised SVG, checked by
-- content on upload (branding.CheckImage); sha256 is its version.
CREATE TABLE resource_icons (
    resource_id  BIGINT PRIMARY KEY REFERENCES resources(id),
    content_type TEXT NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/svg+xml')),
    width        INTEGER NOT NULL DEFAULT 0,
    height       INTEGER NOT NULL DEFAULT 0,
    size_bytes   INTEGER NOT NULL,
    sha256       TEXT NOT NULL,
    file_name    TEXT NOT NULL DEFAULT '',
    content      {{blob}} NOT NULL,
    updated_at   TIMESTAMP NOT NULL
);

-- Resource groups: named sets of resources that products are composed of.
-- Deleting a group archives it, as for resources.
CREATE TABLE resource_groups (
    id          {{pk}},
    osp_id      TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    description TEXT NOT NULL DEFAULT '',
    active      BOOLEAN NOT NULL DEFAULT TRUE,
    archived_at TIMESTAMP,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL,
    CHECK (archived_at IS NULL OR NOT active)
);
CREATE UNIQUE INDEX resource_groups_name ON resource_groups(lower(name)) WHERE archived_at IS NULL;

CREATE TABLE resource_group_members (
    group_id    BIGINT NOT NULL REFERENCES resource_groups(id),
    resource_id BIGINT NOT NULL REFERENCES resources(id),
    added_at    TIMESTAMP NOT NULL,
    PRIMARY KEY (group_id, resource_id)
);
CREATE INDEX resource_group_members_resource ON resource_group_members(resource_id, group_id);

-- Who owns a gas station when: a company (corporate account) for a period
-- of days (yyyy-MM-dd, valid_to included; NULL: open-ended). One station's
-- periods never overlap: the service checks, and a trigger refuses an
-- overlapping row; a station's periods are replaced under the station
-- row's lock, so concurrent replacements queue.
CREATE TABLE fuel_station_owners (
    id                   {{pk}},
    osp_id               TEXT NOT NULL UNIQUE,
    resource_id          BIGINT NOT NULL REFERENCES resources(id),
    owner_name           TEXT NOT NULL CHECK (length(owner_name) BETWEEN 1 AND 100),
    corporate_account_id BIGINT NOT NULL REFERENCES corporate_accounts(id),
    valid_from           TEXT NOT NULL CHECK (length(valid_from) = 10),
    valid_to             TEXT CHECK (length(valid_to) = 10 AND valid_to >= valid_from),
    created_at           TIMESTAMP NOT NULL
);
CREATE INDEX fuel_station_owners_station ON fuel_station_owners(resource_id, valid_from);
CREATE INDEX fuel_station_owners_company ON fuel_station_owners(corporate_account_id, resource_id);

-- +goose StatementBegin
CREATE FUNCTION fuel_station_owners_no_overlap() RETURNS trigger AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM fuel_station_owners o WHERE o.resource_id = NEW.resource_id AND o.id <> NEW.id
        AND o.valid_from <= COALESCE(NEW.valid_to, '9999-12-31') AND NEW.valid_from <= COALESCE(o.valid_to, '9999-12-31')) THEN
        RAISE EXCEPTION 'fuel_station_owners: overlapping periods for one station'
            USING ERRCODE = 'exclusion_violation';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER fuel_station_owners_no_overlap BEFORE INSERT OR UPDATE ON fuel_station_owners
    FOR EACH ROW EXECUTE FUNCTION fuel_station_owners_no_overlap();

-- +goose Down
DROP TRIGGER fuel_station_owners_no_overlap ON fuel_station_owners;
DROP FUNCTION fuel_station_owners_no_overlap();
DROP TABLE fuel_station_owners;
DROP TABLE resource_group_members;
DROP TABLE resource_groups;
DROP TABLE resource_icons;
DROP TABLE resource_label_links;
DROP TABLE resource_fees;
DROP INDEX resources_search_trgm;
DROP TABLE resources;
DROP TABLE resource_label_translations;
DROP TABLE resource_labels;
