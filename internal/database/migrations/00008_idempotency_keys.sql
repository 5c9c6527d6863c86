-- +goose Up
-- Idempotency keys of the money calls (owned by internal/idempotency). The
-- first answer to a (user, key) is kept for 24 hours and replayed for a
-- repeat. The row is written in the same transaction as the booking it
-- answers, so after a crash either both exist or neither: the unique
-- (user, key) pair is what makes a concurrent repeat wait instead of book.
CREATE TABLE idempotency_keys (
    id            {{pk}},
    user_id       BIGINT NOT NULL REFERENCES users(id),
    idem_key      TEXT NOT NULL,
    request_hash  TEXT NOT NULL,
    status        INTEGER NOT NULL DEFAULT 0,
    content_type  TEXT NOT NULL DEFAULT '',
    body          {{blob}},
    created_at    TIMESTAMP NOT NULL,
    UNIQUE (user_id, idem_key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);

-- +goose Down
DROP TABLE idempotency_keys;
