package trip_test

import (
	"context"
	"strconv"
	"testing"

	"mobility/portal/internal/testkit"
)

// The schema holds the trip invariants itself: the seeded SPEC §9 rates,
// the ±20 % distance rule, one commute per direction and day.
func TestSchemaInvariants(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		var rates []struct {
			Kind string  `db:"kind"`
			Rate int64   `db:"rate_micro"`
			From string  `db:"valid_from"`
			To   *string `db:"valid_to"`
		}
		if err := e.DB.Select(ctx, &rates, `SELECT kind, rate_micro, valid_from, valid_to FROM tax_free_rates ORDER BY kind, valid_from`); err != nil {
			t.Fatal(err)
		}
		want := []string{"BIKE 350000 2024-07-01 -", "BUSINESS_PRIVATE_CAR 441500 2024-07-01 2025-06-30", "BUSINESS_PRIVATE_CAR 444900 2025-07-01 2026-06-30", "WALK 240000 2024-07-01 -"}
		if len(rates) != len(want) {
			t.Fatalf("rates %+v", rates)
		}
		for i, r := range rates {
			to := "-"
			if r.To != nil {
				to = *r.To
			}
			if got := r.Kind + " " + strconv.FormatInt(r.Rate, 10) + " " + r.From + " " + to; got != want[i] {
				t.Errorf("rate %d = %q, want %q", i, got, want[i])
			}
		}

		var uid, ca int64
		if err := e.DB.Get(ctx, &uid, `SELECT id FROM users WHERE corporate_account_id IS NOT NULL ORDER BY id LIMIT 1`); err != nil {
			t.Fatal(err)
		}
		if err := e.DB.Get(ctx, &ca, `SELECT corporate_account_id FROM users WHERE id = ?`, uid); err != nil {
			t.Fatal(err)
		}
		dist := func(osp, from string, admin, own int) error {
			_, err := e.DB.Exec(ctx, `INSERT INTO commute_distances (osp_id, user_id, corporate_account_id, valid_from, distance_m, user_distance_m, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`, osp, uid, ca, from, admin, own)
			return err
		}
		// 10,000 m: 12,000 (20 %) and 8,000 pass; 12,001 and 7,999 do not.
		if err := dist("d1", "2025-01-01", 10000, 12000); err != nil {
			t.Errorf("+20 %%: %v", err)
		}
		if err := dist("d2", "2025-01-02", 10000, 8000); err != nil {
			t.Errorf("-20 %%: %v", err)
		}
		if err := dist("d3", "2025-01-03", 10000, 12001); err == nil {
			t.Error("+20.01 % accepted")
		}
		if err := dist("d4", "2025-01-04", 10000, 7999); err == nil {
			t.Error("-20.01 % accepted")
		}

		reg := func(osp, dir string) error {
			_, err := e.DB.Exec(ctx, `INSERT INTO trip_registrations (osp_id, user_id, corporate_account_id, trip_date, kind, mode, direction, distance_m, compensation_type, compensation, status, created_at, updated_at) VALUES (?, ?, ?, '2025-03-03', 'COMMUTE', 'BIKE', ?, 5000, 'PER_KILOMETER', 175, 'REGISTERED', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`, osp, uid, ca, dir)
			return err
		}
		if err := reg("r1", "OUTBOUND"); err != nil {
			t.Fatal(err)
		}
		if err := reg("r2", "RETURN"); err != nil {
			t.Fatal(err)
		}
		if err := reg("r3", "OUTBOUND"); err == nil {
			t.Error("a second outbound commute on a day was stored")
		}
		if err := reg("r4", ""); err == nil {
			t.Error("a commute without direction was stored")
		}
	})
}
