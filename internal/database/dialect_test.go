package database

import (
	"strings"
	"testing"
)

// TestTextSearchRowOnlyWhereItMatchesAsTheIndexDoes: the row test that a
// walk over an index uses must find exactly what TextSearch finds. SQLite's
// trigram table folds every letter's case and its LIKE only ASCII's, so a
// search with other letters has no row test there; PostgreSQL's is its
// TextSearch itself.
func TestTextSearchRowOnlyWhereItMatchesAsTheIndexDoes(t *testing.T) {
	for _, c := range []struct {
		d     Dialect
		q     string
		ok    bool
		match string
	}{
		{SQLite, "  JAN ", true, "%jan%"},
		{SQLite, "a_b%", true, `%a\_b\%%`},
		{SQLite, "Élodie", false, ""},
		{Postgres, "Élodie", true, "%élodie%"},
		{Postgres, "com", true, "%com%"},
	} {
		cond, args, ok := c.d.TextSearchRow("u", c.q)
		if ok != c.ok {
			t.Errorf("%s %q: ok %v, want %v", c.d, c.q, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		if want := `u.search_text LIKE ? ESCAPE '\'`; cond != want || len(args) != 1 || args[0] != c.match {
			t.Errorf("%s %q: %s %v, want %s [%s]", c.d, c.q, cond, args, want, c.match)
		}
		if pg, _ := Postgres.TextSearch("users", "u", c.q); c.d == Postgres && pg != cond {
			t.Errorf("%q: PostgreSQL's row test %s is not its TextSearch %s", c.q, cond, pg)
		}
	}
}

// With the columns search_text joins, SQLite tests a search without a
// space on each column (its search_text is computed on every read), and
// one with a space on search_text; PostgreSQL, which stores search_text,
// tests that.
func TestTextSearchRowPerColumnOnSQLite(t *testing.T) {
	cols := []string{"firstname", "lastname"}
	for _, c := range []struct {
		d    Dialect
		q    string
		want string
		args int
	}{
		{SQLite, " Jan ", `(u.firstname LIKE ? ESCAPE '\' OR u.lastname LIKE ? ESCAPE '\')`, 2},
		{SQLite, "jan pee", `u.search_text LIKE ? ESCAPE '\'`, 1},
		{Postgres, "jan", `u.search_text LIKE ? ESCAPE '\'`, 1},
	} {
		cond, args, ok := c.d.TextSearchRow("u", c.q, cols...)
		if !ok || cond != c.want || len(args) != c.args {
			t.Errorf("%s %q: %s %v %v, want %s with %d arguments", c.d, c.q, cond, args, ok, c.want, c.args)
		}
		for _, a := range args {
			if a != "%"+strings.ToLower(strings.TrimSpace(c.q))+"%" {
				t.Errorf("%s %q: argument %v", c.d, c.q, a)
			}
		}
	}
}
