-- +goose Up
-- Finance (issue 12): the monthly invoices of companies, self-billing
-- invoices of providers, credit notes, payments, user fee tiers and the
-- user fees charged. Owners: internal/invoice (invoice_*), internal/userfee
-- (user_fee_*), internal/expense (the expense columns), internal/mail
-- (mail_attachments). Money is integer euro cents; VAT rates are basis
-- points (2100 = 21 %); months are yyyyMM; dates yyyy-MM-dd.

-- An expense may name the catalogue resource it was booked on and the
-- quantity used (thousandths of the resource fee's unit: minutes, km, kWh,
-- litres...), which the invoice run needs for VARIABLE fees and the
-- self-billing invoices for the provider. Older expenses have neither.
ALTER TABLE expenses ADD COLUMN resource_id BIGINT;
ALTER TABLE expenses ADD COLUMN quantity_milli BIGINT CHECK (quantity_milli IS NULL OR quantity_milli BETWEEN 0 AND 1000000000000);
CREATE INDEX expenses_resource ON expenses(resource_id, expense_date);

-- ---- user fees (internal/userfee) ----

-- A tier: an app user who had between event_count_from and event_count_to
-- events (expenses) in a month pays amount (excl. VAT) plus VAT. Tiers
-- belong to a partner (its companies) or to one company, which then
-- replaces its partner's tiers. Tiers of one assignee never overlap: the
-- service checks in the writing transaction under a per-assignee lock
-- (PostgreSQL: an advisory transaction lock; SQLite has one writer).
CREATE TABLE user_fee_tiers (
    id                    {{pk}},
    osp_id                TEXT NOT NULL UNIQUE,
    partner_id            BIGINT REFERENCES partners(id),
    corporate_account_id  BIGINT REFERENCES corporate_accounts(id),
    event_count_from      INTEGER NOT NULL CHECK (event_count_from BETWEEN 1 AND 1000000),
    event_count_to        INTEGER NOT NULL CHECK (event_count_to BETWEEN 1 AND 1000000),
    amount                BIGINT NOT NULL CHECK (amount BETWEEN 0 AND 1000000),
    vat_basis_points      INTEGER NOT NULL CHECK (vat_basis_points BETWEEN 0 AND 10000),
    created_at            TIMESTAMP NOT NULL,
    updated_at            TIMESTAMP NOT NULL,
    CHECK (event_count_to >= event_count_from),
    CHECK ((partner_id IS NULL) <> (corporate_account_id IS NULL))
);
CREATE INDEX user_fee_tiers_partner ON user_fee_tiers(partner_id, event_count_from);
CREATE INDEX user_fee_tiers_company ON user_fee_tiers(corporate_account_id, event_count_from);

-- One charge per app user and month, ever (the primary key): what the
-- monthly run found (events, the tier's amount and VAT copied, so a later
-- tier change leaves history alone) and the ledger row it booked on the
-- user's budget (NULL when the user had no company-paid budget to book on).
CREATE TABLE user_fee_charges (
    user_id               BIGINT NOT NULL REFERENCES users(id),
    month                 TEXT NOT NULL,
    corporate_account_id  BIGINT NOT NULL REFERENCES corporate_accounts(id),
    event_count           INTEGER NOT NULL,
    amount                BIGINT NOT NULL CHECK (amount >= 0),
    vat_basis_points      INTEGER NOT NULL,
    vat_amount            BIGINT NOT NULL CHECK (vat_amount >= 0),
    budget_tx_osp_id      TEXT,
    created_at            TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, month)
);
CREATE INDEX user_fee_charges_company ON user_fee_charges(corporate_account_id, month);

-- ---- invoices (internal/invoice) ----

-- Numbers: one gapless sequence per series and year. A number is taken
-- with UPDATE ... last_number = last_number + 1 in the transaction that
-- inserts the invoice, so a rolled-back invoice gives its number back and
-- concurrent runs queue on the row. Series INV: invoices and credit notes
-- the platform issues to companies; SB: self-billing invoices it issues
-- on providers' behalf.
CREATE TABLE invoice_number_sequences (
    series       TEXT NOT NULL CHECK (series IN ('INV', 'SB')),
    year         INTEGER NOT NULL,
    last_number  BIGINT NOT NULL CHECK (last_number >= 0),
    PRIMARY KEY (series, year)
);

-- An issued document is never edited: corrections are credit notes. Only
-- status, paid_amount, sent_at and peppol_status change after insert.
-- kind INVOICE: a company's invoice for a month (buyer the company, seller
-- the platform); CREDIT_NOTE: cancels an INVOICE (credited_invoice_id),
-- its amounts negative; SELF_BILLING: what the platform owes an MRP
-- partner (partner_id, the seller) for its resources' bookings in month.
-- partner_id is, for company documents, the company's MSP partner (for
-- scoping); buyer and seller are snapshots (JSON of document.Party).
CREATE TABLE invoices (
    id                    {{pk}},
    osp_id                TEXT NOT NULL UNIQUE,
    kind                  TEXT NOT NULL CHECK (kind IN ('INVOICE', 'CREDIT_NOTE', 'SELF_BILLING')),
    series                TEXT NOT NULL,
    year                  INTEGER NOT NULL,
    seq                   BIGINT NOT NULL,
    number                TEXT NOT NULL UNIQUE,
    corporate_account_id  BIGINT REFERENCES corporate_accounts(id),
    partner_id            BIGINT REFERENCES partners(id),
    month                 TEXT NOT NULL CHECK (length(month) = 6),
    issue_date            TEXT NOT NULL,
    due_date              TEXT NOT NULL,
    credited_invoice_id   BIGINT REFERENCES invoices(id),
    currency              TEXT NOT NULL DEFAULT 'EUR',
    net_amount            BIGINT NOT NULL,
    vat_amount            BIGINT NOT NULL,
    total_amount          BIGINT NOT NULL,
    prepaid_amount        BIGINT NOT NULL DEFAULT 0,
    payable_amount        BIGINT NOT NULL,
    paid_amount           BIGINT NOT NULL DEFAULT 0,
    status                TEXT NOT NULL CHECK (status IN ('CREATED', 'SENT', 'PAID', 'INSUFFICIENT_PAYMENT', 'EXCESSIVE_PAYMENT')),
    payment_reference     TEXT NOT NULL DEFAULT '',
    po_number             TEXT NOT NULL DEFAULT '',
    contract_type         TEXT NOT NULL DEFAULT '',
    payment_type          TEXT NOT NULL DEFAULT '',
    payment_method        TEXT NOT NULL DEFAULT '',
    sending_method        TEXT NOT NULL DEFAULT '',
    vat_liable            BOOLEAN NOT NULL DEFAULT TRUE,
    language              TEXT NOT NULL DEFAULT 'nl',
    seller_json           TEXT NOT NULL,
    buyer_json            TEXT NOT NULL,
    peppol_status         TEXT NOT NULL DEFAULT '' CHECK (peppol_status IN ('', 'PENDING', 'DELIVERED')),
    sent_at               TIMESTAMP,
    created_at            TIMESTAMP NOT NULL,
    UNIQUE (series, year, seq),
    CHECK (total_amount = net_amount + vat_amount),
    CHECK (payable_amount = total_amount - prepaid_amount),
    CHECK (net_amount BETWEEN -100000000000000 AND 100000000000000),
    CHECK (kind <> 'CREDIT_NOTE' OR credited_invoice_id IS NOT NULL),
    CHECK (kind = 'SELF_BILLING' OR corporate_account_id IS NOT NULL),
    CHECK (kind <> 'SELF_BILLING' OR partner_id IS NOT NULL)
);
-- once per (company, month) and (provider, month), whatever runs
CREATE UNIQUE INDEX invoices_company_month ON invoices(corporate_account_id, month) WHERE kind = 'INVOICE';
CREATE UNIQUE INDEX invoices_provider_month ON invoices(partner_id, month) WHERE kind = 'SELF_BILLING';
-- one credit note cancels an invoice, once
CREATE UNIQUE INDEX invoices_credited ON invoices(credited_invoice_id) WHERE kind = 'CREDIT_NOTE';
CREATE INDEX invoices_month ON invoices(month, kind, status);
CREATE INDEX invoices_partner ON invoices(partner_id, month);

-- A document's lines (EN 16931 BG-25), in order. line_type EXPENSES: the
-- month's expenses charged to the company of one mobility mode and VAT
-- rate; RESOURCE_FEE: a catalogue fee charged to the company; USER_FEE:
-- the user fees of one tier amount and VAT rate; BOOKINGS: a provider's
-- bookings of one mobility mode and rate (self-billing). quantity is in
-- thousandths; net_amount is the line's net (excl. VAT), rounded once.
CREATE TABLE invoice_lines (
    invoice_id        BIGINT NOT NULL REFERENCES invoices(id),
    position          INTEGER NOT NULL,
    line_type         TEXT NOT NULL CHECK (line_type IN ('EXPENSES', 'RESOURCE_FEE', 'USER_FEE', 'BOOKINGS')),
    description       TEXT NOT NULL,
    mobility_mode     TEXT NOT NULL DEFAULT '',
    quantity_milli    BIGINT NOT NULL,
    unit_code         TEXT NOT NULL DEFAULT 'C62',
    unit_price        BIGINT NOT NULL,
    net_amount        BIGINT NOT NULL,
    vat_category      TEXT NOT NULL CHECK (vat_category IN ('S', 'Z', 'E', 'AE', 'O')),
    vat_basis_points  INTEGER NOT NULL CHECK (vat_basis_points BETWEEN 0 AND 10000),
    PRIMARY KEY (invoice_id, position)
);

-- What is behind each line, for detail/csv: one row per expense, fee or
-- user fee, as it was when the document was issued.
CREATE TABLE invoice_line_items (
    invoice_id        BIGINT NOT NULL REFERENCES invoices(id),
    item              INTEGER NOT NULL,
    position          INTEGER NOT NULL,
    item_type         TEXT NOT NULL,
    reference         TEXT NOT NULL DEFAULT '',
    booking_id        TEXT NOT NULL DEFAULT '',
    user_osp_id       TEXT NOT NULL DEFAULT '',
    user_name         TEXT NOT NULL DEFAULT '',
    item_date         TEXT NOT NULL,
    mobility_mode     TEXT NOT NULL DEFAULT '',
    description       TEXT NOT NULL DEFAULT '',
    gross_amount      BIGINT NOT NULL,
    vat_basis_points  INTEGER NOT NULL,
    PRIMARY KEY (invoice_id, item)
);

-- Payments recorded with invoice/pay (platform staff; Idempotency-Key).
-- The invoice's paid_amount is their sum, kept in the same transaction,
-- and its status follows from it against payable_amount (a PREPAID
-- company's invoice was drawn from its company budget: prepaid_amount is
-- its total, payable 0, so it is PAID without a payment).
CREATE TABLE invoice_payments (
    id            {{pk}},
    osp_id        TEXT NOT NULL UNIQUE,
    invoice_id    BIGINT NOT NULL REFERENCES invoices(id),
    amount        BIGINT NOT NULL CHECK (amount BETWEEN -100000000000 AND 100000000000 AND amount <> 0),
    payment_date  TEXT NOT NULL,
    reference     TEXT NOT NULL DEFAULT '',
    method        TEXT NOT NULL CHECK (method IN ('TRANSFER', 'DIRECT_DEBIT')),
    created_by    BIGINT REFERENCES users(id),
    created_at    TIMESTAMP NOT NULL
);
CREATE INDEX invoice_payments_invoice ON invoice_payments(invoice_id);

-- ---- mail attachments (internal/mail) ----

-- Files sent with an outbox mail (an invoice's PDF).
CREATE TABLE mail_attachments (
    mail_id       BIGINT NOT NULL REFERENCES mail_outbox(id),
    position      INTEGER NOT NULL,
    filename      TEXT NOT NULL,
    content_type  TEXT NOT NULL,
    content       {{blob}} NOT NULL,
    PRIMARY KEY (mail_id, position)
);

-- +goose Down
DROP TABLE mail_attachments;
DROP TABLE invoice_payments;
DROP TABLE invoice_line_items;
DROP TABLE invoice_lines;
DROP TABLE invoices;
DROP TABLE invoice_number_sequences;
DROP TABLE user_fee_charges;
DROP TABLE user_fee_tiers;
DROP INDEX expenses_resource;
ALTER TABLE expenses DROP COLUMN quantity_milli;
ALTER TABLE expenses DROP COLUMN resource_id;
