-- +goose Up
-- findByAny's walk (internal/user store.walkPage) reads its rows from the
-- index alone: the company's users in the list's order (last name, first
-- name, id), with what a default list's walk tests on each row (the
-- caller's scope, which names the partner of a partner's own admins; not
-- anonymized; the columns a search without a space tests,
-- Dialect.TextSearchRow). A walk
-- that read each user's row from the table cost about 1.5 µs a row on
-- SQLite, three times a hit sorted (docs/users.md). The id is a column of
-- the index so the order stays the list's after it.
CREATE INDEX users_company_walk ON users(corporate_account_id, lastname, firstname, id, partner_id, anonymized_at,
    login, email, employee_number, ext_id, msisdn);
DROP INDEX users_company_name;

-- +goose Down
CREATE INDEX users_company_name ON users(corporate_account_id, lastname, firstname);
DROP INDEX users_company_walk;
