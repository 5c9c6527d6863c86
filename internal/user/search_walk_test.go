package user_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

// TestSearchColumnsAreSearchTexts: the columns the walk's row test reads
// (user.SearchColumns, Dialect.TextSearchRow) are those users.search_text
// joins, in its order, as the schema says on each database; and on the
// demo users, with a value of mixed case in every column, the row test
// matches exactly the users search_text LIKE matches, for searches with
// and without a space.
func TestSearchColumnsAreSearchTexts(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		var expr string
		var err error
		var cols []string
		if e.DB.Dialect == database.SQLite {
			var create string
			err = e.DB.Get(ctx, &create, `SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'users'`)
			// from the column's name to the end of its expression
			expr = create[strings.Index(create, "search_text"):]
			expr = expr[:strings.Index(expr, "VIRTUAL")]
			if err == nil {
				err = e.DB.Select(ctx, &cols, `SELECT name FROM pragma_table_info('users')`)
			}
		} else {
			err = e.DB.Get(ctx, &expr, `SELECT generation_expression FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'search_text'`)
			if err == nil {
				err = e.DB.Select(ctx, &cols, `SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name <> 'search_text'`)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		// the users columns the expression names, in the order it names them
		type at struct {
			col string
			pos int
		}
		var named []at
		for _, c := range cols {
			if loc := regexp.MustCompile(`\b` + c + `\b`).FindStringIndex(expr); loc != nil && c != "search_text" {
				named = append(named, at{c, loc[0]})
			}
		}
		slices.SortFunc(named, func(a, b at) int { return a.pos - b.pos })
		var got []string
		for _, n := range named {
			got = append(got, n.col)
		}
		if fmt.Sprint(got) != fmt.Sprint(user.SearchColumns) {
			t.Fatalf("search_text joins %v (%s), the row test reads %v", got, expr, user.SearchColumns)
		}

		// a user with a value in every column
		acme := e.CorporateAccountID(seed.AcmeOspID)
		osp := e.NewUser(user.NewUser{Login: "Qz.Login", Firstname: "QzFirst", Lastname: "Van QzLast", Email: "QZ.mail@Example.com",
			CorporateAccountID: &acme})
		if _, err := e.DB.Exec(ctx, `UPDATE users SET employee_number = 'EmpQz1', ext_id = 'ExtQz2', msisdn = '+32470QZ' WHERE osp_id = ?`, osp); err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{"qzfirst", "QZLAST", "van qz", "qz.login", "example.com", "empqz1", "extqz2", "470qz",
			"t van", "qzfirst van", "jan", "pee", "@", "a_b", "%", "qz", "zzzz"} {
			var want, rows []int64
			if err := e.DB.Select(ctx, &want, `SELECT id FROM users u WHERE u.search_text LIKE ? ESCAPE '\' ORDER BY id`,
				database.LikePattern(strings.ToLower(q))); err != nil {
				t.Fatal(err)
			}
			cond, args, ok := e.DB.Dialect.TextSearchRow("u", q, user.SearchColumns...)
			if !ok {
				t.Fatalf("%q: no row test", q)
			}
			if err := e.DB.Select(ctx, &rows, `SELECT id FROM users u WHERE `+cond+` ORDER BY id`, args...); err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(rows) != fmt.Sprint(want) {
				t.Errorf("%q: the row test %s matches %v, search_text %v", q, cond, rows, want)
			}
			if q == "qzfirst" && len(want) != 1 {
				t.Fatalf("%q matches %v: the user with a value in every column is not there", q, want)
			}
		}
	})
}

// TestDashboardWalkTakesTheNameIndex: on SQLite, which has no statistics
// unless ANALYZE ran (the portal never runs it), the dashboard search's
// walk reads users_by_name in its order. With the company column plain
// SQLite took the company's index, as if the company had a few users, and
// sorted every user of the company: 156 ms for a walk over 100,000 users
// (docs/users.md).
func TestDashboardWalkTakesTheNameIndex(t *testing.T) {
	e := testkit.NewEnv(t, database.SQLite)
	for _, scope := range []access.Scope{
		{CorporateAccountID: e.CorporateAccountID(seed.AcmeOspID)},
		{PartnerID: e.PartnerID(seed.MobiPartnerOspID)},
		access.SystemScope(),
	} {
		query, args := user.DashboardWalk(e.App.Users, scope, "jan")
		if all := strings.Join(testkit.SQLitePlan(t, e.DB, query, args...), "; "); !strings.Contains(all, "USING INDEX users_by_name") || strings.Contains(all, "TEMP B-TREE") {
			t.Errorf("scope %+v: the walk's plan is %s", scope, all)
		}
	}
}

// TestListWalkReadsTheIndexAlone: on SQLite findByAny's walk of a
// company's users, for a company's admin, a partner's and platform staff,
// reads users_company_walk alone (migration 00040), in the list's order:
// each row passed is tested without reading the user's row, for a search
// without a space (one with a space reads the row for search_text).
func TestListWalkReadsTheIndexAlone(t *testing.T) {
	e := testkit.NewEnv(t, database.SQLite)
	acme := e.CorporateAccountID(seed.AcmeOspID)
	for _, scope := range []access.Scope{
		{CorporateAccountID: acme},
		{PartnerID: e.PartnerID(seed.MobiPartnerOspID)},
		access.SystemScope(),
	} {
		for _, q := range []string{"jan", "jan pee"} {
			// a search with a space tests search_text, which SQLite
			// computes from the user's row
			want := "USING COVERING INDEX users_company_walk"
			if strings.Contains(q, " ") {
				want = "USING INDEX users_company_walk"
			}
			query, args := user.ListWalk(e.App.Users, scope, acme, q)
			if all := strings.Join(testkit.SQLitePlan(t, e.DB, query, args...), "; "); !strings.Contains(all, want) || strings.Contains(all, "TEMP B-TREE") {
				t.Errorf("scope %+v, %q: the walk's plan is %s", scope, q, all)
			}
		}
	}
}
