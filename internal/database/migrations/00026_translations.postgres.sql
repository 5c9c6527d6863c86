-- +goose Up
-- Translations (owned by internal/translation), PostgreSQL half; see
-- 00026_translations.sqlite.sql for what each table holds. Only the search
-- index differs: pg_trgm GIN indexes (the extension is created by 00003;
-- IF NOT EXISTS here keeps this file right on its own), which ILIKE
-- '%abc%' uses, on the key, the default value and the texts.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

CREATE TABLE translations (
    id              {{pk}},
    osp_id          TEXT NOT NULL UNIQUE,
    type            TEXT NOT NULL CHECK (type IN ('PRODUCT_LABEL', 'RESOURCE_LABEL', 'APP_TEXT', 'SERVER_MESSAGE', 'MAIL_TEXT')),
    translation_key TEXT NOT NULL CHECK (length(translation_key) BETWEEN 1 AND 200),
    default_value   TEXT NOT NULL CHECK (length(default_value) BETWEEN 1 AND 90000),
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL,
    updated_by      BIGINT REFERENCES users(id)
);
CREATE UNIQUE INDEX translations_key_unique ON translations(lower(translation_key));
CREATE INDEX translations_key ON translations(translation_key, id);
CREATE INDEX translations_type_key ON translations(type, translation_key, id);
CREATE INDEX translations_key_trgm ON translations USING gin (translation_key public.gin_trgm_ops);
CREATE INDEX translations_default_trgm ON translations USING gin (default_value public.gin_trgm_ops);

CREATE TABLE translation_texts (
    id             {{pk}},
    translation_id BIGINT NOT NULL REFERENCES translations(id),
    language       TEXT NOT NULL CHECK (language IN ('en', 'nl', 'fr', 'de')),
    text           TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 90000),
    UNIQUE (translation_id, language)
);
CREATE INDEX translation_texts_trgm ON translation_texts USING gin (text public.gin_trgm_ops);

CREATE TABLE translation_versions (
    name    TEXT PRIMARY KEY,
    version BIGINT NOT NULL
);
INSERT INTO translation_versions (name, version) VALUES ('SERVER_MESSAGE', 0);

-- +goose Down
DROP TABLE translation_versions;
DROP TABLE translation_texts;
DROP TABLE translations;
