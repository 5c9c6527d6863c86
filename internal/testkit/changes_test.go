package testkit

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// A Snapshot after the first reuses the hashes of unwritten tables; it must
// still be exactly the State hashing every table gives: a write shows, a
// write that changed nothing or was rolled back does not, on both
// dialects.
func TestSnapshotCountsChanges(t *testing.T) {
	for _, d := range Dialects() {
		t.Run(string(d), func(t *testing.T) {
			e := NewEnv(t, d)
			ctx := context.Background()
			// the sign-in epoch moves with every partner write, even one of
			// the same values (migration 00035's triggers): it is left out,
			// so the test speaks of the tables it writes
			const epoch = "auth_epoch"
			exact := func() State {
				t.Helper()
				all, err := Tables(ctx, e.DB)
				if err != nil {
					t.Fatal(err)
				}
				tables := slices.DeleteFunc(all, func(name string) bool { return name == epoch })
				h, err := hashTables(ctx, e.DB, tables)
				if err != nil {
					t.Fatal(err)
				}
				return State(h)
			}
			first := e.Snapshot(epoch)
			if changed := exact().Changed(first); len(changed) > 0 {
				t.Fatalf("first snapshot differs from the full hash in %v", changed)
			}
			if changed := e.Snapshot(epoch).Changed(first); len(changed) > 0 {
				t.Fatalf("nothing written, yet %v changed", changed)
			}
			if _, err := e.DB.Exec(ctx, `UPDATE companies_placeholder SET x = 1`); err == nil {
				t.Fatal("a table that does not exist")
			}
			if _, err := e.DB.Exec(ctx, `UPDATE partners SET name = 'Renamed' WHERE osp_id = (SELECT MIN(osp_id) FROM partners)`); err != nil {
				t.Fatal(err)
			}
			second := e.Snapshot(epoch)
			if changed := second.Changed(first); !slices.Equal(changed, []string{"partners"}) {
				t.Fatalf("after renaming a partner: %v", changed)
			}
			// a write of the same values and a rolled-back write change nothing
			if _, err := e.DB.Exec(ctx, `UPDATE partners SET name = name`); err != nil {
				t.Fatal(err)
			}
			boom := errors.New("roll back")
			if err := e.DB.WithTx(ctx, func(ctx context.Context) error {
				if _, err := e.DB.Exec(ctx, `DELETE FROM rate_limits`); err != nil {
					return err
				}
				if _, err := e.DB.Exec(ctx, `UPDATE partners SET name = 'Gone'`); err != nil {
					return err
				}
				return boom
			}); !errors.Is(err, boom) {
				t.Fatal(err)
			}
			third := e.Snapshot(epoch)
			if changed := third.Changed(second); len(changed) > 0 {
				t.Fatalf("a same-value and a rolled-back write changed %v", changed)
			}
			if changed := exact().Changed(third); len(changed) > 0 {
				t.Fatalf("counted snapshot differs from the full hash in %v", changed)
			}
			// skipped tables are left out
			if _, ok := e.Snapshot("partners", epoch)["partners"]; ok {
				t.Fatal("skipped table in the snapshot")
			}
		})
	}
}
