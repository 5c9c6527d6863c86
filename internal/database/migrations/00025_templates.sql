-- +goose Up
-- Templates (issue 14): every mail the platform sends comes from a
-- template staff edit per language. Owner: internal/template (templates,
-- template_versions, template_recent_parameters); internal/mail keeps the
-- content type of a rendered mail (mail_outbox.content_type).

-- A template: of the platform, of a partner (for its companies' users) or
-- of one company. predefined_name names the platform mail it overrides
-- (welcome, password reset...); NULL is a template of its own. An owner
-- overrides a predefined mail once (owner_key: 'platform', 'partner:<id>'
-- or 'company:<id>', so the unique index needs no NULL owner columns).
CREATE TABLE templates (
    id                    {{pk}},
    osp_id                TEXT NOT NULL UNIQUE,
    name                  TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    category              TEXT NOT NULL,
    owner_type            TEXT NOT NULL CHECK (owner_type IN ('PLATFORM', 'PARTNER', 'CORPORATE_ACCOUNT')),
    owner_key             TEXT NOT NULL,
    partner_id            BIGINT REFERENCES partners(id),
    corporate_account_id  BIGINT REFERENCES corporate_accounts(id),
    template_type         TEXT NOT NULL CHECK (template_type IN ('MESSAGE', 'TICKET')),
    content_type          TEXT NOT NULL CHECK (content_type IN ('TEXT', 'HTML')),
    predefined_name       TEXT,
    created_at            TIMESTAMP NOT NULL,
    updated_at            TIMESTAMP NOT NULL,
    CHECK ((owner_type = 'PLATFORM' AND partner_id IS NULL AND corporate_account_id IS NULL)
        OR (owner_type = 'PARTNER' AND partner_id IS NOT NULL AND corporate_account_id IS NULL)
        OR (owner_type = 'CORPORATE_ACCOUNT' AND partner_id IS NULL AND corporate_account_id IS NOT NULL))
);
CREATE UNIQUE INDEX templates_override ON templates(owner_key, predefined_name);
CREATE INDEX templates_predefined ON templates(predefined_name, owner_key);
CREATE INDEX templates_company ON templates(corporate_account_id);
CREATE INDEX templates_partner ON templates(partner_id);

-- A version of a template's content in one language, used from valid_from
-- (yyyy-MM-dd, Europe/Brussels) until the next version of that language.
-- A version is never changed once stored: a new text is a new row (a
-- version not yet in effect may be replaced: its row is deleted and a new
-- one inserted), so a parsed template cached by version id never goes
-- stale. external: the content lives at an external provider under
-- external_template_id (body is the portal's own rendering of it).
CREATE TABLE template_versions (
    id                    {{pk}},
    osp_id                TEXT NOT NULL UNIQUE,
    template_id           BIGINT NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
    language              TEXT NOT NULL CHECK (language IN ('en', 'nl', 'fr', 'de')),
    valid_from            TEXT NOT NULL,
    external              BOOLEAN NOT NULL DEFAULT FALSE,
    external_template_id  TEXT,
    subject               TEXT NOT NULL,
    body                  TEXT NOT NULL,
    created_by            BIGINT,
    created_at            TIMESTAMP NOT NULL,
    UNIQUE (template_id, language, valid_from),
    CHECK (NOT external OR external_template_id IS NOT NULL)
);
CREATE INDEX template_versions_external ON template_versions(external, template_id);

-- The parameters a predefined mail was last rendered with, per company
-- (0: a mail to no company's user), secrets masked: what the preview
-- shows a template with.
CREATE TABLE template_recent_parameters (
    predefined_name       TEXT NOT NULL,
    corporate_account_id  BIGINT NOT NULL,
    parameters            TEXT NOT NULL,
    used_at               TIMESTAMP NOT NULL,
    PRIMARY KEY (predefined_name, corporate_account_id)
);

-- A mail rendered from an HTML template is sent as HTML.
ALTER TABLE mail_outbox ADD COLUMN content_type TEXT NOT NULL DEFAULT 'TEXT';

-- +goose Down
ALTER TABLE mail_outbox DROP COLUMN content_type;
DROP TABLE template_recent_parameters;
DROP TABLE template_versions;
DROP TABLE templates;
