-- +goose Up
-- Kept counts of season-card orders per company and state (internal/order):
-- the order lists' totals read them instead of counting up to every open
-- order of the platform on each page (issue 16: order/getOpen over 100,000
-- orders, p99 < 20 ms). The order store changes a count in the same
-- transaction as the order it counts; n never goes below zero.

CREATE TABLE season_card_order_counts (
    corporate_account_id BIGINT NOT NULL REFERENCES corporate_accounts(id),
    status               TEXT NOT NULL CHECK (status IN ('OPEN', 'CONFIRMED', 'CANCELLED')),
    n                    BIGINT NOT NULL CHECK (n >= 0),
    PRIMARY KEY (corporate_account_id, status)
);

INSERT INTO season_card_order_counts (corporate_account_id, status, n)
    SELECT corporate_account_id, status, COUNT(*) FROM season_card_orders GROUP BY corporate_account_id, status;

-- +goose Down
DROP TABLE season_card_order_counts;
