-- +goose Up
-- A report's XLSX is made when it is downloaded, from its stored CSV (see
-- the SQLite file for why); column_kinds says how to read each CSV column
-- back (s text, i integer, m euros).
ALTER TABLE reports ALTER COLUMN xlsx DROP NOT NULL;
ALTER TABLE reports ADD COLUMN column_kinds TEXT NOT NULL DEFAULT '';

-- +goose Down
UPDATE reports SET xlsx = '' WHERE xlsx IS NULL;
ALTER TABLE reports DROP COLUMN column_kinds;
ALTER TABLE reports ALTER COLUMN xlsx SET NOT NULL;
