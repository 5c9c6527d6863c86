-- +goose Up
-- Trip registration counts: the read model behind travel/getByFilter's
-- total. Counting a company's registrations on every page read cost 228 ms
-- at 2,000,000 rows; the count per (company, month, kind, status) is kept
-- here, so a company's total is the sum of at most a few dozen rows a year.
-- A user's filter still counts the user's rows (the user index; a few
-- hundred). month is the trip date's 'yyyy-MM'. Owner: trip, whose
-- registration store keeps it in the transaction of every write of
-- trip_registrations (insert, correction, status change, the monthly run's
-- PAID: four functions of one file). Not triggers: a row trigger made the
-- monthly run pay a status change per registration twice over (40 more
-- statements per user), where the run now moves a whole batch's counts in
-- two.
CREATE TABLE trip_registration_counts (
    corporate_account_id BIGINT NOT NULL,
    month                TEXT NOT NULL CHECK (length(month) = 7),
    kind                 TEXT NOT NULL,
    status               TEXT NOT NULL,
    n                    BIGINT NOT NULL CHECK (n >= 0),
    PRIMARY KEY (corporate_account_id, month, kind, status)
);

-- existing databases: count what is there
INSERT INTO trip_registration_counts (corporate_account_id, month, kind, status, n)
SELECT corporate_account_id, substr(trip_date, 1, 7), kind, status, COUNT(*) FROM trip_registrations
GROUP BY corporate_account_id, substr(trip_date, 1, 7), kind, status;

-- A per-day car commute pays its day amount once, on the day's first live
-- (not rejected) commute. day_amount keeps the amount the terms gave on
-- registration, on every per-day commute, so the day's amount moves to the
-- other commute when the first is rejected or moved, and back when it is
-- approved again, without the terms of that day being asked again.
ALTER TABLE trip_registrations ADD COLUMN day_amount BIGINT CHECK (day_amount IS NULL OR day_amount BETWEEN 0 AND 100000);
UPDATE trip_registrations SET day_amount = (SELECT MAX(o.compensation) FROM trip_registrations o
    WHERE o.user_id = trip_registrations.user_id AND o.trip_date = trip_registrations.trip_date
      AND o.kind = 'COMMUTE' AND o.compensation_type = 'PER_DAY')
WHERE kind = 'COMMUTE' AND compensation_type = 'PER_DAY';

-- +goose Down
ALTER TABLE trip_registrations DROP COLUMN day_amount;
DROP TABLE trip_registration_counts;
