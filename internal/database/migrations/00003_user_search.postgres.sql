-- +goose Up
-- Substring search over users (names, login, e-mail, numbers) with a
-- trigram index, so a 3-letter search over 100,000 users stays fast.
-- PostgreSQL: a stored generated column with a pg_trgm GIN index, which
-- LIKE '%abc%' uses. pg_trgm is a trusted extension (PostgreSQL 13+).
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

ALTER TABLE users ADD COLUMN search_text TEXT GENERATED ALWAYS AS (
    lower(firstname || ' ' || lastname || ' ' || COALESCE(login, '') || ' ' || email || ' ' ||
          employee_number || ' ' || COALESCE(ext_id, '') || ' ' || msisdn)) STORED;

CREATE INDEX users_search_trgm ON users USING gin (search_text public.gin_trgm_ops);

-- +goose Down
DROP INDEX users_search_trgm;
ALTER TABLE users DROP COLUMN search_text;
