-- +goose Up
-- Using a reset link, asking a newer one or changing the password ends every
-- other outstanding link of the user: one indexed update, whatever the
-- number of links in the table.
CREATE INDEX reset_tokens_user_open ON reset_tokens(user_id) WHERE used_at IS NULL;

-- +goose Down
DROP INDEX reset_tokens_user_open;
