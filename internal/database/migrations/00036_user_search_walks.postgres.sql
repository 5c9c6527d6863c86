-- +goose Up
-- A search that finds a great part of the users reads its page by walking
-- the list's order in an index and testing each row, instead of sorting
-- every hit (internal/user store.walkPage): findByAny's default order
-- within a company, and the dashboard search's order across companies.
CREATE INDEX users_company_name ON users(corporate_account_id, lastname, firstname, id);
CREATE INDEX users_by_name ON users(firstname, lastname, email, id);

-- +goose Down
DROP INDEX users_by_name;
DROP INDEX users_company_name;
