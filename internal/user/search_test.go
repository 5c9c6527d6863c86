package user_test

import (
	"strings"
	"testing"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

// searchFixture adds four Acme app users whose data holds what a search
// must take literally or fold: accented capitals, LIKE's metacharacters
// (% _ \) and two e-mail domains of their own.
func searchFixture(t *testing.T, e *testkit.Env, token string) {
	t.Helper()
	for i, u := range []struct{ first, last, email, login, number string }{
		{"Élodie", "Ameçon", "elodie.a@quux-mail.be", "elodie.a", "S-1"},
		{"Ann%e", "Under_score", "ann.pct@quux-mail.be", "ann.pct", "S-2"},
		{`Back\slash`, "Zyx", "back.slash@quux-mail.be", "back.slash", "S-3"},
		{"Quentin", "Quux", "q.quux@other-mail.be", "quentin.q", "QX-42"},
	} {
		body := with(with(with(with(validMobile(), "firstname", u.first), "lastname", u.last), "email", u.email), "login", u.login)
		body = with(with(with(body, "employeeNumber", u.number), "extId", "SEARCH-"+u.number), "msisdn", "0470 55 00 0"+string(rune('1'+i)))
		testkit.MustStatus(t, e.Post(base+"/mobile/create", token, body), 200)
	}
}

// names is the number of names in a comma-separated list.
func names(list string) int {
	if list == "" {
		return 0
	}
	return len(strings.Split(list, ","))
}

// TestSearchTakesInputLiterally pins findByAny's and the dashboard's
// answers (rows, order, totals) for tricky searches, on both databases:
// the trigram table (3 characters or more) and LIKE (1 or 2) must agree
// with each other and with PostgreSQL's index.
func TestSearchTakesInputLiterally(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		searchFixture(t, e, acme)
		find := func(q string) (string, int) {
			t.Helper()
			return hitNames(t, e.Post(base+"/findByAny", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "search": q}),
				func(c user.ListItem) string { return c.FullName })
		}
		dashboard := func(q string) (string, int) {
			t.Helper()
			return hitNames(t, e.Post(base+"/getByFilter", acme, map[string]any{"search": q}),
				func(c user.SearchResult) string { return c.Fullname })
		}
		const (
			elodie  = "Élodie Ameçon"
			ann     = "Ann%e Under_score"
			back    = `Back\slash Zyx`
			quentin = "Quentin Quux"
		)
		for _, c := range []struct {
			q, want   string // want: findByAny's names in order (last name, first name)
			dashboard string
		}{
			// case and accents: any case of an accented letter, but an
			// accent is not its bare letter
			{q: "ÉLODIE", want: elodie, dashboard: elodie},
			{q: "élodie", want: elodie, dashboard: elodie},
			{q: "AMEÇ", want: elodie, dashboard: elodie},
			{q: "amec", want: "", dashboard: ""},
			{q: "  PeEtErS  ", want: "Jan Peeters", dashboard: "Jan Peeters"},
			// e-mail fragments
			{q: "@quux-mail.be", want: elodie + "," + ann + "," + back, dashboard: ann + "," + back + "," + elodie},
			{q: "other-mail", want: quentin, dashboard: quentin},
			{q: "quux", want: strings.Join([]string{elodie, quentin, ann, back}, ","), dashboard: strings.Join([]string{ann, back, quentin, elodie}, ",")},
			// LIKE's metacharacters are letters like any other
			{q: "%", want: ann},
			{q: "_", want: ann},
			{q: `\`, want: back},
			{q: "n%e", want: ann, dashboard: ann},
			{q: "r_s", want: ann, dashboard: ann},
			{q: `k\s`, want: back, dashboard: back},
			{q: "%%%", want: "", dashboard: ""},
			{q: "___", want: "", dashboard: ""},
			{q: `\\\`, want: "", dashboard: ""},
			{q: `"q"`, want: "", dashboard: ""},
			// one and two letters
			{q: "qx", want: quentin},
			{q: "Q", want: strings.Join([]string{elodie, quentin, ann, back}, ",")},
			// nothing
			{q: "zzqqzz", want: "", dashboard: ""},
		} {
			got, total := find(c.q)
			if got != c.want || total != names(c.want) {
				t.Errorf("findByAny %q: %q (total %d), want %q", c.q, got, total, c.want)
			}
			if len([]rune(strings.TrimSpace(c.q))) < 3 {
				continue
			}
			got, total = dashboard(c.q)
			if got != c.dashboard || total != names(c.dashboard) {
				t.Errorf("getByFilter %q: %q (total %d), want %q", c.q, got, total, c.dashboard)
			}
		}
		// a NUL is refused, and so is a search longer than 100 characters
		for _, q := range []string{"quu\x00x", strings.Repeat("a", 50000), strings.Repeat("é", 101)} {
			for _, path := range []string{"/findByAny", "/getByFilter"} {
				res := e.Post(base+path, acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "search": q})
				if res.Status != 400 || !strings.Contains(string(res.Body), `"field":"search"`) {
					t.Errorf("%s with %d characters: %d %.200s", path, len(q), res.Status, res.Body)
				}
			}
		}
		// 100 characters are a search like any other
		if got, total := find(strings.Repeat("é", 100)); got != "" || total != 0 {
			t.Errorf("100 characters: %q %d", got, total)
		}
	})
}

// hitNames answers a page of search hits as their names, comma-separated,
// and the page's total.
func hitNames[T any](t *testing.T, res *testkit.Response, name func(T) string) (string, int) {
	t.Helper()
	testkit.MustStatus(t, res, 200)
	var p struct {
		Content       []T `json:"content"`
		TotalElements int `json:"totalElements"`
	}
	res.JSON(t, &p)
	names := make([]string, 0, len(p.Content))
	for _, c := range p.Content {
		names = append(names, name(c))
	}
	return strings.Join(names, ","), p.TotalElements
}
