package resource_test

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"sync"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/resource"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

func period(company, from string, to any) map[string]any {
	return map[string]any{"ownerName": "", "corporateAccountOspId": company, "validFrom": from, "validTo": to}
}

// A station's owner periods are replaced as a whole; no two may overlap
// (an open end runs for ever); dates are days within a sane window.
func TestOwnerPeriods(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		c := newCat(t, e)
		st := c.create("gasstation", map[string]any{"name": "Q8 Gentbrugge"})
		update := func(owners ...map[string]any) *testkit.Response {
			return c.post(c.staff, "/fuelstation/owner/update", map[string]any{"gasStationOspId": osp(st), "owners": owners})
		}
		res := update(period(seed.AcmeOspID, "2025-01-01", "2025-12-31"), period(seed.GlobexOspID, "2026-01-01", nil))
		testkit.MustStatus(t, res, http.StatusOK)
		got := res.Map(t)
		owners := list(got, "owners")
		if len(owners) != 2 || got["gasStationName"] != "Q8 Gentbrugge" {
			t.Fatalf("owners: %v", got)
		}
		o0, o1 := owners[0].(map[string]any), owners[1].(map[string]any)
		if o0["ownerName"] != "Acme NV" || o0["corporateAccountName"] != "Acme NV" || o0["validTo"] != "2025-12-31" ||
			o1["corporateAccountOspId"] != seed.GlobexOspID || o1["validTo"] != nil {
			t.Fatalf("periods: %v", owners)
		}
		for _, tc := range []struct {
			name   string
			owners []map[string]any
			label  string
			field  string
		}{
			{"same days", []map[string]any{period(seed.AcmeOspID, "2025-01-01", "2025-06-30"), period(seed.GlobexOspID, "2025-06-30", "2025-12-31")},
				"OWNER_PERIODS_OVERLAP", "owners[1].validFrom"},
			{"open-ended first", []map[string]any{period(seed.GlobexOspID, "2030-01-01", "2030-12-31"), period(seed.AcmeOspID, "2024-01-01", nil)},
				"OWNER_PERIODS_OVERLAP", "owners[0].validFrom"},
			{"two open ends", []map[string]any{period(seed.AcmeOspID, "2024-01-01", nil), period(seed.GlobexOspID, "2027-01-01", nil)},
				"OWNER_PERIODS_OVERLAP", "owners[1].validFrom"},
			{"inside another", []map[string]any{period(seed.AcmeOspID, "2024-01-01", "2024-12-31"), period(seed.AcmeOspID, "2024-03-01", "2024-03-31")},
				"OWNER_PERIODS_OVERLAP", "owners[1].validFrom"},
			{"end before start", []map[string]any{period(seed.AcmeOspID, "2024-05-01", "2024-04-30")}, "VALIDATION_FAILED", "owners[0].validTo"},
			{"no start", []map[string]any{period(seed.AcmeOspID, "", nil)}, "VALIDATION_FAILED", "owners[0].validFrom"},
			{"not a date", []map[string]any{period(seed.AcmeOspID, "01/05/2024", nil)}, "VALIDATION_FAILED", "owners[0].validFrom"},
			{"1900", []map[string]any{period(seed.AcmeOspID, "1900-01-01", nil)}, "VALIDATION_FAILED", "owners[0].validFrom"},
			{"9999", []map[string]any{period(seed.AcmeOspID, "2024-01-01", "9999-12-31")}, "VALIDATION_FAILED", "owners[0].validTo"},
			{"unknown company", []map[string]any{period("nope", "2024-01-01", nil)}, "VALIDATION_FAILED", "owners[0].corporateAccountOspId"},
			{"no company", []map[string]any{period("", "2024-01-01", nil)}, "VALIDATION_FAILED", "owners[0].corporateAccountOspId"},
		} {
			res := update(tc.owners...)
			if res.Status != http.StatusBadRequest || res.Label() != tc.label || res.FieldErrors(t)[tc.field] == "" {
				t.Errorf("%s: want 400 %s on %s, got %d %s", tc.name, tc.label, tc.field, res.Status, res.Body)
			}
		}
		if again := c.ok(c.staff, "/fuelstation/owner/get", map[string]any{"gasStationOspId": osp(st)}); len(list(again, "owners")) != 2 {
			t.Fatalf("refused updates changed the periods: %v", again)
		}
		// touching periods (one ends the day before the next starts) are fine
		testkit.MustStatus(t, update(period(seed.AcmeOspID, "2026-01-01", nil), period(seed.GlobexOspID, "2025-01-01", "2025-12-31")), http.StatusOK)
		// a parking lot has no owners
		p := c.create("parking", nil)
		c.refused(c.staff, "/fuelstation/owner/get", map[string]any{"gasStationOspId": osp(p)}, http.StatusNotFound, "NOT_FOUND")
		// an empty list removes them all
		if emptied := c.ok(c.staff, "/fuelstation/owner/update", map[string]any{"gasStationOspId": osp(st), "owners": []any{}}); len(list(emptied, "owners")) != 0 {
			t.Fatalf("emptied: %v", emptied)
		}
	})
}

// Tenancy: a company admin sees their own company's periods and stations
// only; an MSP admin those of the partner's companies; nobody names
// another tenant's company.
func TestOwnerTenancy(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		c := newCat(t, e)
		st := c.create("gasstation", map[string]any{"name": "Total Zaventem"})
		other := c.create("gasstation", map[string]any{"name": "Shell Liège"})
		c.ok(c.staff, "/fuelstation/owner/update", map[string]any{"gasStationOspId": osp(st), "owners": []any{
			period(seed.AcmeOspID, "2025-01-01", "2025-12-31"), period(seed.GlobexOspID, "2026-01-01", nil)}})
		c.ok(c.staff, "/fuelstation/owner/update", map[string]any{"gasStationOspId": osp(other), "owners": []any{
			period(seed.InitechOspID, "2024-01-01", nil)}})
		seen := func(token, station string) []string {
			t.Helper()
			var out []string
			for _, o := range list(c.ok(token, "/fuelstation/owner/get", map[string]any{"gasStationOspId": station}), "owners") {
				out = append(out, o.(map[string]any)["corporateAccountOspId"].(string))
			}
			return out
		}
		if got := seen(c.acme, osp(st)); len(got) != 1 || got[0] != seed.AcmeOspID {
			t.Fatalf("acme sees %v", got)
		}
		if got := seen(c.msp, osp(st)); len(got) != 2 {
			t.Fatalf("the MSP admin sees %v", got)
		}
		if got := seen(c.msp, osp(other)); len(got) != 0 {
			t.Fatalf("the MSP admin sees another partner's company: %v", got)
		}
		if got := seen(c.staff, osp(other)); len(got) != 1 {
			t.Fatalf("staff see %v", got)
		}
		var stations []map[string]any
		c.post(c.acme, "/fuelstation/getByOwner", map[string]any{"corporateAccountOspId": seed.AcmeOspID}).JSON(t, &stations)
		if len(stations) != 1 || stations[0]["station"].(map[string]any)["name"] != "Total Zaventem" ||
			stations[0]["owner"].(map[string]any)["validTo"] != "2025-12-31" {
			t.Fatalf("Acme's stations: %v", stations)
		}
		c.post(c.acme, "/fuelstation/getByOwner", map[string]any{"corporateAccountOspId": seed.AcmeOspID, "date": "2026-03-01"}).JSON(t, &stations)
		if len(stations) != 0 {
			t.Fatalf("Acme owns nothing in 2026: %v", stations)
		}
		c.refused(c.acme, "/fuelstation/getByOwner", map[string]any{"corporateAccountOspId": seed.GlobexOspID}, http.StatusNotFound, "NOT_FOUND")
		c.refused(c.msp, "/fuelstation/getByOwner", map[string]any{"corporateAccountOspId": seed.InitechOspID}, http.StatusNotFound, "NOT_FOUND")
		testkit.MustStatus(t, c.post(c.msp, "/fuelstation/getByOwner", map[string]any{"corporateAccountOspId": seed.GlobexOspID}), http.StatusOK)
		c.refused(c.acme, "/fuelstation/owner/update", map[string]any{"gasStationOspId": osp(st), "owners": []any{}}, http.StatusForbidden, "FORBIDDEN")
		// fuel/partner: the partners with active gas stations
		var partners []map[string]any
		c.post(c.acme, "/fuel/partner", nil).JSON(t, &partners)
		if len(partners) != 1 || partners[0]["ospId"] != seed.MrpPartnerOspID || partners[0]["stationCount"] != float64(2) {
			t.Fatalf("fuel partners: %v", partners)
		}
		c.ok(c.staff, "/resource/gasstation/deactivate", map[string]any{"ospId": osp(other)})
		c.post(c.acme, "/fuel/partner", nil).JSON(t, &partners)
		if partners[0]["stationCount"] != float64(1) {
			t.Fatalf("an inactive station counts: %v", partners)
		}
	})
}

// The schema refuses overlapping periods whatever the Go code does, and
// concurrent replacements of one station's periods queue on its row lock:
// every one succeeds and the periods that stay never overlap.
func TestOwnerPeriodsHeldBySchema(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		c := newCat(t, e)
		ctx := context.Background()
		st := c.create("gasstation", nil)
		id := mustID(t, e, osp(st))
		acme := e.CorporateAccountID(seed.AcmeOspID)
		insert := func(osp, from string, to any) error {
			_, err := e.DB.Exec(ctx, `INSERT INTO fuel_station_owners (osp_id, resource_id, owner_name, corporate_account_id, valid_from, valid_to, created_at)
				VALUES (?, ?, 'x', ?, ?, ?, ?)`, osp, id, acme, from, to, database.Now(e.Clock.Now()))
			return err
		}
		if err := insert("p1", "2025-01-01", nil); err != nil {
			t.Fatal(err)
		}
		if err := insert("p2", "2030-01-01", "2030-12-31"); err == nil {
			t.Fatal("the schema let an overlap with an open-ended period in")
		}
		if err := insert("p3", "2024-01-01", "2024-12-31"); err != nil {
			t.Fatalf("a period before: %v", err)
		}
		if _, err := e.DB.Exec(ctx, `UPDATE fuel_station_owners SET valid_to = '2025-06-01' WHERE osp_id = 'p3'`); err == nil {
			t.Fatal("the schema let an update make an overlap")
		}
		if _, err := e.DB.Exec(ctx, `INSERT INTO fuel_station_owners (osp_id, resource_id, owner_name, corporate_account_id, valid_from, valid_to, created_at)
			VALUES ('p4', ?, 'x', ?, '2023-05-01', '2023-04-01', ?)`, id, acme, database.Now(e.Clock.Now())); err == nil {
			t.Fatal("the schema let an end before the start in")
		}

		staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
		var wg sync.WaitGroup
		errs := make(chan error, 8)
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				year := 2030 + i
				_, err := e.App.Resources.ReplaceOwners(ctx, staff, resource.OwnersUpdate{GasStationOspID: osp(st), Owners: []resource.OwnerWrite{
					{CorporateAccountOspID: seed.AcmeOspID, ValidFrom: fmt.Sprintf("%d-01-01", year), ValidTo: ptr(fmt.Sprintf("%d-06-30", year))},
					{CorporateAccountOspID: seed.GlobexOspID, ValidFrom: fmt.Sprintf("%d-07-01", year)},
				}})
				errs <- err
			}(i)
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Errorf("a concurrent replacement failed: %v", err)
			}
		}
		var froms []string
		if err := e.DB.Select(ctx, &froms, `SELECT valid_from FROM fuel_station_owners WHERE resource_id = ? ORDER BY valid_from`, id); err != nil {
			t.Fatal(err)
		}
		sort.Strings(froms)
		if len(froms) != 2 || froms[0][5:] != "01-01" || froms[1][5:] != "07-01" || froms[0][:4] != froms[1][:4] {
			t.Fatalf("after concurrent replacements: %v", froms)
		}
	})
}

func ptr[T any](v T) *T { return &v }
