package user_test

import (
	"context"
	"testing"

	"mobility/portal/internal/paging"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// countedPage is a page of findByAny or the dashboard search as the
// client reads it: the users' ids in order and the totals.
type countedPage struct {
	Content []struct {
		OspID string `json:"ospId"`
	} `json:"content"`
	TotalElements int  `json:"totalElements"`
	TotalPages    int  `json:"totalPages"`
	MoreThanTotal bool `json:"moreThanTotal"`
}

func (p countedPage) ids() []string {
	out := make([]string, len(p.Content))
	for i, c := range p.Content {
		out[i] = c.OspID
	}
	return out
}

// TestSearchOfManyCountsAheadAndPagesAsSorted: a search that finds more
// users than a page's count limit (paging.CountAhead past the page's
// start) answers "more than" that limit, and its pages hold exactly the
// users a plain sort of every hit puts there, whether the page is read by
// walking the list's order (the hits are everywhere in it) or by sorting
// the hits (they all lie at its end), on both databases.
func TestSearchOfManyCountsAheadAndPagesAsSorted(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		const ahead = paging.CountAhead
		// more users than a walk passes before the Zwaluws (below) begin
		if err := seed.Users(ctx, e.DB, seed.AcmeOspID, 2*ahead+300, testkit.Start); err != nil {
			t.Fatal(err)
		}
		var acmeID int64
		if err := e.DB.Get(ctx, &acmeID, `SELECT id FROM corporate_accounts WHERE osp_id = ?`, seed.AcmeOspID); err != nil {
			t.Fatal(err)
		}
		// ahead+100 of them renamed to a last name that sorts after every
		// other, so a search for it finds hits only at the end of the order
		if _, err := e.DB.Exec(ctx, `UPDATE users SET lastname = 'Zwaluw' WHERE id IN
			(SELECT id FROM users WHERE corporate_account_id = ? AND email LIKE '%@example.com' ORDER BY id LIMIT ?)`, acmeID, ahead+100); err != nil {
			t.Fatal(err)
		}
		// one deactivated, which the dashboard leaves out by default
		if _, err := e.DB.Exec(ctx, `UPDATE users SET active = FALSE WHERE id = (SELECT MAX(id) FROM users)`); err != nil {
			t.Fatal(err)
		}
		// sorted is every Acme hit of q in order, by a plain LIKE and sort
		sorted := func(q, extra, order string) []string {
			t.Helper()
			var ids []string
			if err := e.DB.Select(ctx, &ids, `SELECT osp_id FROM users WHERE corporate_account_id = ? AND anonymized_at IS NULL
				AND search_text LIKE ? `+extra+` ORDER BY `+order, acmeID, "%"+q+"%"); err != nil {
				t.Fatal(err)
			}
			return ids
		}
		acme := e.LoginAs("acme.admin")
		find := func(q string, page, size int, sort ...map[string]string) countedPage {
			t.Helper()
			res := e.Post(base+"/findByAny", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "search": q,
				"pagination": map[string]any{"page": page, "size": size, "sortOrders": sort}})
			testkit.MustStatus(t, res, 200)
			var p countedPage
			res.JSON(t, &p)
			return p
		}
		// check: page (offset, size) of all; the total exact when all ends
		// before the page's count limit, else "more than" the limit
		check := func(what string, got countedPage, all []string, offset, size int) {
			t.Helper()
			want := all[min(offset, len(all)):min(offset+size, len(all))]
			if !equalIDs(got.ids(), want) {
				t.Errorf("%s: page holds %d users, not the %d a sort of every hit puts there (first %v, want %v)",
					what, len(got.Content), len(want), first(got.ids()), first(want))
			}
			total, more := len(all), false
			if limit := max(offset+ahead, 10*(offset+size)); len(all) > limit {
				total, more = limit, true
			}
			if pages := (total + size - 1) / size; got.TotalElements != total || got.TotalPages != pages || got.MoreThanTotal != more {
				t.Errorf("%s: total %d, pages %d, more %v; want %d, %d, %v", what, got.TotalElements, got.TotalPages, got.MoreThanTotal, total, pages, more)
			}
		}

		byName := "lastname, firstname, id"
		everyone := sorted("example.com", "", byName)
		if len(everyone) < 2*ahead+300 {
			t.Fatalf("%d generated users found", len(everyone))
		}
		// hits everywhere in the order: more than the pages' limits
		check("findByAny page 1", find("example.com", 1, 10), everyone, 0, 10)
		check("findByAny page 3 of 50", find("example.com", 3, 50), everyone, 100, 50)
		check("findByAny page 120", find("example.com", 120, 10), everyone, 1190, 10)
		// a page far enough that its limit passes every hit: exact again
		check("findByAny page 600", find("example.com", 600, 10), everyone, 5990, 10)
		// another order: the hits sorted, counted ahead as well
		check("findByAny by first name", find("example.com", 2, 10, map[string]string{"property": "firstname", "direction": "DESC"}),
			sorted("example.com", "", "firstname DESC, lastname, firstname, id"), 10, 10)

		// hits only at the end of the order, after more rows than a walk
		// passes: the Zwaluws
		zwaluw := sorted("zwaluw", "", byName)
		if len(zwaluw) != ahead+100 {
			t.Fatalf("%d Zwaluws", len(zwaluw))
		}
		check("Zwaluw page 1", find("zwaluw", 1, 10), zwaluw, 0, 10)
		check("Zwaluw page 51 of 100", find("zwaluw", 51, 100), zwaluw, 5000, 100)
		// few hits: exact, as ever
		few := sorted("jan zwaluw", "", byName)
		if len(few) == 0 || len(few) > 1000 {
			t.Fatalf("%d Jan Zwaluws", len(few))
		}
		check("Jan Zwaluw", find("jan zwaluw", 2, 100), few, 100, 100)

		// the dashboard search: 1000 a page, by first name, active only
		dash := func(q string, page int) countedPage {
			t.Helper()
			res := e.Post(base+"/getByFilter", acme, map[string]any{"search": q, "pagination": map[string]any{"page": page, "size": 1000}})
			testkit.MustStatus(t, res, 200)
			var p countedPage
			res.JSON(t, &p)
			return p
		}
		byFirstName := "firstname, lastname, email, id"
		active := sorted("example.com", "AND active", byFirstName)
		check("dashboard page 1", dash("example.com", 1), active, 0, 1000)
		check("dashboard page 3", dash("example.com", 3), active, 2000, 1000)
		check("dashboard page 8", dash("example.com", 8), active, 7000, 1000)
		check("dashboard Zwaluw", dash("zwaluw", 1), sorted("zwaluw", "AND active", byFirstName), 0, 1000)

		// the partner's admin, whose scope is a condition of its own in the
		// count, the walk and the sort, sees Acme's pages as Acme's admin does
		msp := e.LoginAs("msp.admin")
		for _, q := range []string{"example.com", "zwaluw"} {
			body := map[string]any{"corporateAccountOspId": seed.AcmeOspID, "search": q, "pagination": map[string]any{"page": 1, "size": 10}}
			var asAcme, asMsp countedPage
			e.Post(base+"/findByAny", acme, body).JSON(t, &asAcme)
			e.Post(base+"/findByAny", msp, body).JSON(t, &asMsp)
			if !equalIDs(asAcme.ids(), asMsp.ids()) || asAcme.TotalElements != asMsp.TotalElements || len(asMsp.Content) != 10 {
				t.Errorf("findByAny %q as the partner's admin: %v (%d), as Acme's: %v (%d)", q, first(asMsp.ids()), asMsp.TotalElements,
					first(asAcme.ids()), asAcme.TotalElements)
			}
			body = map[string]any{"corporateAccountOspId": seed.AcmeOspID, "search": q, "pagination": map[string]any{"page": 1, "size": 1000}}
			e.Post(base+"/getByFilter", acme, body).JSON(t, &asAcme)
			e.Post(base+"/getByFilter", msp, body).JSON(t, &asMsp)
			if !equalIDs(asAcme.ids(), asMsp.ids()) || asAcme.TotalElements != asMsp.TotalElements || len(asMsp.Content) != 1000 {
				t.Errorf("dashboard %q as the partner's admin: %v (%d), as Acme's: %v (%d)", q, first(asMsp.ids()), asMsp.TotalElements,
					first(asAcme.ids()), asAcme.TotalElements)
			}
		}
	})
}

func equalIDs(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func first(ids []string) []string { return ids[:min(3, len(ids))] }
