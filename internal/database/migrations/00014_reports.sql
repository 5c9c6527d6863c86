-- +goose Up
-- Reports (the reporting package): one row per (type, company, month),
-- made once by the jobs runner after the month closes; the unique index is
-- what makes a rerun replace nothing and send nothing twice. The files are
-- stored with the row (XLSX and CSV of the same rows).
CREATE TABLE reports (
    id                       {{pk}},
    osp_id                   TEXT NOT NULL UNIQUE,
    report_type              TEXT NOT NULL,
    report_month             TEXT NOT NULL, -- yyyyMM
    report_period            TEXT NOT NULL, -- yyyyMM, or yyyy for the year-end overview
    corporate_account_id     BIGINT NOT NULL,
    corporate_account_osp_id TEXT NOT NULL,
    corporate_account_ext_id TEXT NOT NULL DEFAULT '',
    corporate_account_name   TEXT NOT NULL DEFAULT '',
    msp_ext_id               TEXT NOT NULL DEFAULT '',
    row_count                INTEGER NOT NULL DEFAULT 0,
    xlsx                     {{blob}} NOT NULL,
    csv                      {{blob}} NOT NULL,
    created_at               TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX reports_once ON reports(report_type, corporate_account_id, report_month);
CREATE INDEX reports_company_month ON reports(corporate_account_id, report_month);

-- Who receives a company's reports of a type (SPEC §5: required, valid).
CREATE TABLE report_recipients (
    corporate_account_id BIGINT NOT NULL,
    report_type          TEXT NOT NULL,
    email                TEXT NOT NULL,
    created_at           TIMESTAMP NOT NULL,
    PRIMARY KEY (corporate_account_id, report_type, email)
);

-- +goose Down
DROP TABLE report_recipients;
DROP INDEX reports_company_month;
DROP INDEX reports_once;
DROP TABLE reports;
