-- +goose Up
-- Translations (owned by internal/translation), SQLite half; see
-- 00026_translations.postgres.sql, which differs only in the search index.
-- A translation is a key of a type with a default value and at most one
-- text per language (en, nl, fr, de; the API's GB, BE, FR, DE). Texts go
-- up to 90,000 characters (SPEC §9). The key is unique whatever its case.
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
-- the lists sort by key, within a type or over all
CREATE INDEX translations_key ON translations(translation_key, id);
CREATE INDEX translations_type_key ON translations(type, translation_key, id);

-- Each language once per translation; the id is an INTEGER PRIMARY KEY so
-- the search index's rowids stay put through VACUUM.
CREATE TABLE translation_texts (
    id             {{pk}},
    translation_id BIGINT NOT NULL REFERENCES translations(id),
    language       TEXT NOT NULL CHECK (language IN ('en', 'nl', 'fr', 'de')),
    text           TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 90000),
    UNIQUE (translation_id, language)
);

-- A version per override set (one row: SERVER_MESSAGE), raised in the
-- transaction of every write that touches a server message, so other
-- processes notice a change with one cheap read and reload their cache.
CREATE TABLE translation_versions (
    name    TEXT PRIMARY KEY,
    version BIGINT NOT NULL
);
INSERT INTO translation_versions (name, version) VALUES ('SERVER_MESSAGE', 0);

-- Substring search (findByKeyLike, findByTranslationLike): FTS5 trigram
-- tables over the keys and default values, and over the texts, kept in step
-- by triggers (as resources_fts), so a search of 3 or more characters over
-- 50,000 keys stays fast. Shorter searches fall back to LIKE (store.go).
CREATE VIRTUAL TABLE translations_fts USING fts5(translation_key, default_value, content='translations', content_rowid='id',
    tokenize='trigram');
-- +goose StatementBegin
CREATE TRIGGER translations_fts_insert AFTER INSERT ON translations BEGIN
    INSERT INTO translations_fts(rowid, translation_key, default_value) VALUES (new.id, new.translation_key, new.default_value);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER translations_fts_delete AFTER DELETE ON translations BEGIN
    INSERT INTO translations_fts(translations_fts, rowid, translation_key, default_value)
        VALUES ('delete', old.id, old.translation_key, old.default_value);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER translations_fts_update AFTER UPDATE OF translation_key, default_value ON translations BEGIN
    INSERT INTO translations_fts(translations_fts, rowid, translation_key, default_value)
        VALUES ('delete', old.id, old.translation_key, old.default_value);
    INSERT INTO translations_fts(rowid, translation_key, default_value) VALUES (new.id, new.translation_key, new.default_value);
END;
-- +goose StatementEnd

CREATE VIRTUAL TABLE translation_texts_fts USING fts5(text, content='translation_texts', content_rowid='id', tokenize='trigram');
-- +goose StatementBegin
CREATE TRIGGER translation_texts_fts_insert AFTER INSERT ON translation_texts BEGIN
    INSERT INTO translation_texts_fts(rowid, text) VALUES (new.id, new.text);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER translation_texts_fts_delete AFTER DELETE ON translation_texts BEGIN
    INSERT INTO translation_texts_fts(translation_texts_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER translation_texts_fts_update AFTER UPDATE OF text ON translation_texts BEGIN
    INSERT INTO translation_texts_fts(translation_texts_fts, rowid, text) VALUES ('delete', old.id, old.text);
    INSERT INTO translation_texts_fts(rowid, text) VALUES (new.id, new.text);
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER translation_texts_fts_update;
DROP TRIGGER translation_texts_fts_delete;
DROP TRIGGER translation_texts_fts_insert;
DROP TABLE translation_texts_fts;
DROP TRIGGER translations_fts_update;
DROP TRIGGER translations_fts_delete;
DROP TRIGGER translations_fts_insert;
DROP TABLE translations_fts;
DROP TABLE translation_versions;
DROP TABLE translation_texts;
DROP TABLE translations;
