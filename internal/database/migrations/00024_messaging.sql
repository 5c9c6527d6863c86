-- +goose Up
-- Messaging (owner: messaging): message channels, messages with their
-- recipient selection, one inbox row per message and recipient (what the
-- app shows) and the push outbox.
--
-- A channel belongs to a company, or to the platform (corporate_account_id
-- NULL, platform staff only). Deleting a channel archives it
-- (archived_at): the messages sent on it keep their history.
CREATE TABLE message_channels (
    id                   {{pk}},
    osp_id               TEXT NOT NULL UNIQUE,
    corporate_account_id BIGINT REFERENCES corporate_accounts(id),
    name                 TEXT NOT NULL,
    recipient_admin_id   BIGINT REFERENCES users(id),
    allow_reply          BOOLEAN NOT NULL DEFAULT FALSE,
    show_in_app          BOOLEAN NOT NULL DEFAULT TRUE,
    archived_at          TIMESTAMP,
    created_at           TIMESTAMP NOT NULL,
    updated_at           TIMESTAMP NOT NULL
);
CREATE INDEX message_channels_company ON message_channels(corporate_account_id, name);

-- A message goes to the app users of one company: all of them
-- (target_all) or the members of message_targets' groups and single
-- users. It is stored QUEUED; the delivery worker claims it (lease_owner,
-- lease_until: a conditional UPDATE), writes the inbox rows of the next
-- recipients by user id after cursor_user_id, and moves the cursor in the
-- same transaction (SENDING), until no recipient is left (SENT).
CREATE TABLE messages (
    id                   {{pk}},
    osp_id               TEXT NOT NULL UNIQUE,
    channel_id           BIGINT NOT NULL REFERENCES message_channels(id),
    corporate_account_id BIGINT NOT NULL REFERENCES corporate_accounts(id),
    title                TEXT NOT NULL,
    body                 TEXT NOT NULL,
    home_screen_until    TEXT,
    push                 BOOLEAN NOT NULL DEFAULT FALSE,
    sent_by              BIGINT REFERENCES users(id),
    target_all           BOOLEAN NOT NULL DEFAULT FALSE,
    recipient_count      BIGINT NOT NULL DEFAULT 0,
    delivered_count      BIGINT NOT NULL DEFAULT 0,
    status               TEXT NOT NULL CHECK (status IN ('QUEUED', 'SENDING', 'SENT')),
    cursor_user_id       BIGINT NOT NULL DEFAULT 0,
    lease_owner          TEXT,
    lease_until          TIMESTAMP,
    created_at           TIMESTAMP NOT NULL,
    sent_at              TIMESTAMP
);
CREATE INDEX messages_channel ON messages(channel_id, created_at);
CREATE INDEX messages_status ON messages(status, id);

CREATE TABLE message_targets (
    message_id  BIGINT NOT NULL REFERENCES messages(id),
    target_type TEXT NOT NULL CHECK (target_type IN ('GROUP', 'USER')),
    target_id   BIGINT NOT NULL,
    PRIMARY KEY (message_id, target_type, target_id)
);

-- Each recipient gets a message exactly once: the primary key.
CREATE TABLE message_inbox (
    message_id BIGINT NOT NULL REFERENCES messages(id),
    user_id    BIGINT NOT NULL REFERENCES users(id),
    read_at    TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (message_id, user_id)
);
CREATE INDEX message_inbox_user ON message_inbox(user_id, message_id);

-- One push per inbox row of a push message: pending, then sent (a push
-- sender is configured), kept (none: logged) or failed.
CREATE TABLE message_push_outbox (
    id         {{pk}},
    message_id BIGINT NOT NULL REFERENCES messages(id),
    user_id    BIGINT NOT NULL REFERENCES users(id),
    status     TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'kept', 'failed')),
    attempts   INTEGER NOT NULL DEFAULT 0,
    last_error TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    sent_at    TIMESTAMP,
    UNIQUE (message_id, user_id)
);
CREATE INDEX message_push_outbox_status ON message_push_outbox(status, id);

-- +goose Down
DROP TABLE message_push_outbox;
DROP TABLE message_inbox;
DROP TABLE message_targets;
DROP TABLE messages;
DROP TABLE message_channels;
