package database

import "testing"

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
