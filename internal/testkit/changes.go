package testkit

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"mobility/portal/internal/database"
)

// Hashing every table on every Snapshot made the tests that snapshot after
// each call (the route × role × tenant matrix: thousands of calls) spend
// most of their time reading unchanged tables. The first Snapshot of an Env
// therefore installs change counters: a trigger per table that counts the
// statements writing it (SQLite: a row of testkit_changes, written in the
// writer's own transaction; PostgreSQL: a sequence per table, which takes
// no lock). A later Snapshot hashes again only the tables whose counter
// moved, and reuses the last hash of the others. A counter also moves for a
// write that was rolled back or changed nothing; that only costs a rehash,
// so the State is exactly what hashing every table gives. Tables without a
// counter (made after the first Snapshot, or SQLite's full-text tables) are
// hashed every time (SQLite's full-text tables, which its engine writes).

const changesTable = "testkit_changes"

type changeTracker struct {
	// seq names each tracked table's counter (PostgreSQL sequences are
	// numbered, so long table names never collide).
	seq map[string]string
	// last is each table's hash and the counter it was taken at.
	last map[string]trackedHash
}

type trackedHash struct {
	hash    string
	counter int64
}

// track installs the counters on every table of tables it can.
func track(ctx context.Context, db *database.DB, tables []string) (*changeTracker, error) {
	tr := &changeTracker{seq: map[string]string{}, last: map[string]trackedHash{}}
	err := db.WithTx(ctx, func(ctx context.Context) error {
		if db.Dialect == database.Postgres {
			if _, err := db.Exec(ctx, `CREATE OR REPLACE FUNCTION testkit_changed() RETURNS trigger LANGUAGE plpgsql AS $$
				BEGIN PERFORM nextval(TG_ARGV[0]); RETURN NULL; END $$`); err != nil {
				return err
			}
			for i, t := range tables {
				name := fmt.Sprintf("testkit_chg_%d", i)
				if _, err := db.Exec(ctx, `CREATE SEQUENCE IF NOT EXISTS `+name); err != nil {
					return err
				}
				if _, err := db.Exec(ctx, `CREATE OR REPLACE TRIGGER testkit_chg AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON `+t+
					` FOR EACH STATEMENT EXECUTE FUNCTION testkit_changed('`+name+`')`); err != nil {
					return err
				}
				tr.seq[t] = name
			}
			return nil
		}
		if _, err := db.Exec(ctx, `CREATE TABLE IF NOT EXISTS `+changesTable+` (name TEXT PRIMARY KEY, n INTEGER NOT NULL)`); err != nil {
			return err
		}
		// full-text tables and their shadow tables are written by the
		// engine itself (a trigger there recurses): they stay untracked
		var virtual []string
		if err := db.Select(ctx, &virtual, `SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`); err != nil {
			return err
		}
		for _, t := range tables {
			if slices.ContainsFunc(virtual, func(v string) bool { return t == v || strings.HasPrefix(t, v+"_") }) {
				continue
			}
			if _, err := db.Exec(ctx, `INSERT INTO `+changesTable+` (name, n) VALUES (?, 0) ON CONFLICT (name) DO NOTHING`, t); err != nil {
				return err
			}
			for _, op := range []string{"INSERT", "UPDATE", "DELETE"} {
				if _, err := db.Exec(ctx, fmt.Sprintf(`CREATE TRIGGER IF NOT EXISTS testkit_chg_%s_%s AFTER %s ON %s BEGIN
					UPDATE %s SET n = n + 1 WHERE name = '%s'; END`, t, strings.ToLower(op), op, t, changesTable, t)); err != nil {
					return err
				}
			}
			tr.seq[t] = t
		}
		return nil
	})
	return tr, err
}

// counters reads every tracked table's counter in one query.
func (tr *changeTracker) counters(ctx context.Context, db *database.DB) (map[string]int64, error) {
	var rows []struct {
		Name string `db:"name"`
		N    int64  `db:"n"`
	}
	q := `SELECT name, n FROM ` + changesTable
	if db.Dialect == database.Postgres {
		q = `SELECT sequencename AS name, COALESCE(last_value, 0) AS n FROM pg_sequences
			WHERE schemaname = current_schema() AND sequencename LIKE 'testkit\_chg\_%'`
	}
	if err := db.Select(ctx, &rows, q); err != nil {
		return nil, err
	}
	bySeq := make(map[string]int64, len(rows))
	for _, r := range rows {
		bySeq[r.Name] = r.N
	}
	out := make(map[string]int64, len(tr.seq))
	for t, s := range tr.seq {
		out[t] = bySeq[s]
	}
	return out, nil
}
