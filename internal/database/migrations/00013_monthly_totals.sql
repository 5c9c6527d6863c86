-- +goose Up
-- Monthly totals: the read models reporting and the dashboard read instead
-- of the ledger and the expenses. Each is kept by its owner in the same
-- transaction as the rows it sums, and can be rebuilt and checked from
-- them (budget.Service.RebuildMonthly/CheckMonthly, expense's likewise).
-- month is yyyyMM.

-- Each row is counted twice: for its user and in its company's rollup
-- (user_id -1), which is what the dashboard reads (a seek on the primary
-- key: company, -1, months); reports of a month read a company's users
-- through the (month, company) index.
--
-- budget: per company, user (0: the company's own budget), month of the
-- booking date and transaction type, the ledger rows' count and sum.
CREATE TABLE budget_monthly_totals (
    corporate_account_id BIGINT NOT NULL,
    user_id              BIGINT NOT NULL,
    month                TEXT NOT NULL,
    tx_type              TEXT NOT NULL,
    tx_count             BIGINT NOT NULL,
    amount_sum           BIGINT NOT NULL,
    PRIMARY KEY (corporate_account_id, user_id, month, tx_type)
);
CREATE INDEX budget_monthly_totals_month ON budget_monthly_totals(month, corporate_account_id);

-- expense: per company, user, month of the expense date, mobility mode and
-- provider ('' until bookings carry one), the number of expenses and their
-- net amount incl. VAT (the expense and its corrections and refunds).
CREATE TABLE expense_monthly_totals (
    corporate_account_id BIGINT NOT NULL,
    user_id              BIGINT NOT NULL,
    month                TEXT NOT NULL,
    mobility_mode        TEXT NOT NULL,
    provider             TEXT NOT NULL DEFAULT '',
    expense_count        BIGINT NOT NULL,
    amount_sum           BIGINT NOT NULL,
    PRIMARY KEY (corporate_account_id, user_id, month, mobility_mode, provider)
);
CREATE INDEX expense_monthly_totals_month ON expense_monthly_totals(month, corporate_account_id);

-- user: the app-user counts (user.Service.AppUsersPerMonth) read a
-- company's users from this index alone.
CREATE INDEX users_counts ON users(corporate_account_id, user_type, active, start_activation_time, created_at, updated_at, anonymized_at);

-- existing databases: the totals of the rows already there
INSERT INTO budget_monthly_totals (corporate_account_id, user_id, month, tx_type, tx_count, amount_sum)
SELECT b.corporate_account_id, COALESCE(b.user_id, 0), substr(t.booking_date, 1, 4) || substr(t.booking_date, 6, 2), t.tx_type,
       COUNT(*), SUM(t.amount)
FROM budget_transactions t JOIN budgets b ON b.id = t.budget_id
GROUP BY b.corporate_account_id, COALESCE(b.user_id, 0), substr(t.booking_date, 1, 4) || substr(t.booking_date, 6, 2), t.tx_type;

INSERT INTO budget_monthly_totals (corporate_account_id, user_id, month, tx_type, tx_count, amount_sum)
SELECT corporate_account_id, -1, month, tx_type, SUM(tx_count), SUM(amount_sum) FROM budget_monthly_totals
GROUP BY corporate_account_id, month, tx_type;

INSERT INTO expense_monthly_totals (corporate_account_id, user_id, month, mobility_mode, provider, expense_count, amount_sum)
SELECT e.corporate_account_id, e.user_id, substr(e.expense_date, 1, 4) || substr(e.expense_date, 6, 2), e.mobility_mode, '',
       COUNT(*), COALESCE(SUM(n.net), 0)
FROM expenses e LEFT JOIN (SELECT expense_id, -SUM(amount) AS net FROM budget_transactions WHERE expense_id IS NOT NULL
                           GROUP BY expense_id) n ON n.expense_id = e.id
GROUP BY e.corporate_account_id, e.user_id, substr(e.expense_date, 1, 4) || substr(e.expense_date, 6, 2), e.mobility_mode;

INSERT INTO expense_monthly_totals (corporate_account_id, user_id, month, mobility_mode, provider, expense_count, amount_sum)
SELECT corporate_account_id, -1, month, mobility_mode, provider, SUM(expense_count), SUM(amount_sum) FROM expense_monthly_totals
GROUP BY corporate_account_id, month, mobility_mode, provider;

-- +goose Down
DROP INDEX users_counts;
DROP TABLE expense_monthly_totals;
DROP TABLE budget_monthly_totals;
