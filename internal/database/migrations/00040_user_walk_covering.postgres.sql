-- +goose Up
-- SQLite only (see its version): PostgreSQL stores search_text, and its
-- walk over users_company_name costs about what a hit sorted costs.
SELECT 1;

-- +goose Down
SELECT 1;
