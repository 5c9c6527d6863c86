-- +goose Up
-- Products (owned by internal/product): the mobility products of the
-- catalogue, platform-wide. extId is unique and has no dots or whitespace;
-- the label's plain text is required, its HTML variant is stored sanitised.
-- search_text is the lowercased extId, label and translations, kept by the
-- store on every write, for findByFilter's search.
CREATE TABLE products (
    id                 {{pk}},
    osp_id             TEXT NOT NULL UNIQUE,
    ext_id             TEXT NOT NULL UNIQUE CHECK (length(ext_id) BETWEEN 1 AND 50),
    active             BOOLEAN NOT NULL DEFAULT TRUE,
    mobility_mode      TEXT NOT NULL CHECK (mobility_mode IN ('BIKE', 'BUS_TRAM_METRO', 'TRAIN', 'PARKING', 'CAR', 'FUEL',
                                                              'SNA', 'OTHER_PURCHASES', 'FLEXOFFICE', 'CHARGING')),
    label_osp_id       TEXT NOT NULL UNIQUE,
    default_value      TEXT NOT NULL CHECK (length(default_value) BETWEEN 1 AND 200),
    default_value_html TEXT NOT NULL DEFAULT '' CHECK (length(default_value_html) <= 5000),
    search_text        TEXT NOT NULL,
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL
);
CREATE INDEX products_active_mode ON products(active, mobility_mode);

-- A product label's translations: each language at most once.
CREATE TABLE product_label_translations (
    product_id    BIGINT NOT NULL REFERENCES products(id),
    language_code TEXT NOT NULL CHECK (language_code IN ('en', 'nl', 'fr', 'de')),
    text          TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 200),
    html          TEXT NOT NULL DEFAULT '' CHECK (length(html) <= 5000),
    PRIMARY KEY (product_id, language_code)
);

-- A product's composition: resource groups, service resources and
-- rental-car resources of internal/resource, named by their ospId and id
-- (the keys of resource's read models: ospId for the active ones, id for
-- history; no foreign key across the owners' tables).
-- An element is in a composition at most once. Deactivating a resource or
-- group leaves its row here (history); the views filter through resource's
-- read model. position orders the elements (1 first), renumbered by the
-- service on every change.
CREATE TABLE product_composition (
    id             {{pk}},
    product_id     BIGINT NOT NULL REFERENCES products(id),
    element_kind   TEXT NOT NULL CHECK (element_kind IN ('RESOURCE_GROUP', 'SERVICE', 'RENTAL_CAR')),
    element_osp_id TEXT NOT NULL CHECK (length(element_osp_id) BETWEEN 1 AND 36),
    element_id     BIGINT NOT NULL,
    position       INTEGER NOT NULL CHECK (position BETWEEN 1 AND 200),
    mandatory      BOOLEAN NOT NULL DEFAULT FALSE,
    created_at     TIMESTAMP NOT NULL,
    UNIQUE (product_id, element_osp_id)
);
CREATE INDEX product_composition_element ON product_composition(element_osp_id);

-- +goose Down
DROP INDEX product_composition_element;
DROP TABLE product_composition;
DROP TABLE product_label_translations;
DROP INDEX products_active_mode;
DROP TABLE products;
