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

-- Each language once per translation.
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

-- Substring search (findByKeyLike, findByTranslationLike): one FTS5
-- trigram row per translation holding its key, default value and the text
-- of each language, kept in step by triggers, so one index lookup answers
-- a search of 3 or more characters over 50,000 keys. Shorter searches fall
-- back to LIKE (store.go). It keeps its own copy of the texts (an external
-- content table cannot gather a translation's four texts in one row).
CREATE VIRTUAL TABLE translation_search USING fts5(translation_key, default_value, en, nl, fr, de, tokenize='trigram');
-- +goose StatementBegin
CREATE TRIGGER translation_search_insert AFTER INSERT ON translations BEGIN
    INSERT INTO translation_search(rowid, translation_key, default_value, en, nl, fr, de)
        VALUES (new.id, new.translation_key, new.default_value, '', '', '', '');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER translation_search_update AFTER UPDATE OF translation_key, default_value ON translations BEGIN
    UPDATE translation_search SET translation_key = new.translation_key, default_value = new.default_value WHERE rowid = new.id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER translation_search_delete AFTER DELETE ON translations BEGIN
    DELETE FROM translation_search WHERE rowid = old.id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER translation_search_text_insert AFTER INSERT ON translation_texts BEGIN
    UPDATE translation_search SET
        en = CASE new.language WHEN 'en' THEN new.text ELSE en END,
        nl = CASE new.language WHEN 'nl' THEN new.text ELSE nl END,
        fr = CASE new.language WHEN 'fr' THEN new.text ELSE fr END,
        de = CASE new.language WHEN 'de' THEN new.text ELSE de END
        WHERE rowid = new.translation_id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER translation_search_text_update AFTER UPDATE OF text ON translation_texts BEGIN
    UPDATE translation_search SET
        en = CASE new.language WHEN 'en' THEN new.text ELSE en END,
        nl = CASE new.language WHEN 'nl' THEN new.text ELSE nl END,
        fr = CASE new.language WHEN 'fr' THEN new.text ELSE fr END,
        de = CASE new.language WHEN 'de' THEN new.text ELSE de END
        WHERE rowid = new.translation_id;
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER translation_search_text_delete AFTER DELETE ON translation_texts BEGIN
    UPDATE translation_search SET
        en = CASE old.language WHEN 'en' THEN '' ELSE en END,
        nl = CASE old.language WHEN 'nl' THEN '' ELSE nl END,
        fr = CASE old.language WHEN 'fr' THEN '' ELSE fr END,
        de = CASE old.language WHEN 'de' THEN '' ELSE de END
        WHERE rowid = old.translation_id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER translation_search_text_delete;
DROP TRIGGER translation_search_text_update;
DROP TRIGGER translation_search_text_insert;
DROP TRIGGER translation_search_delete;
DROP TRIGGER translation_search_update;
DROP TRIGGER translation_search_insert;
DROP TABLE translation_search;
DROP TABLE translation_versions;
DROP TABLE translation_texts;
DROP TABLE translations;
