package testkit

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/user"
)

// State is a fingerprint of a database's content: one hash per table over
// all its rows, sorted, so the row order a dialect happens to return does
// not matter. Two States differ exactly when some row was added, removed
// or changed in a table both list.
type State map[string]string

// Changed lists the tables whose content differs between s and other.
func (s State) Changed(other State) []string {
	var out []string
	for t, h := range s {
		if other[t] != h {
			out = append(out, t)
		}
	}
	for t := range other {
		if _, ok := s[t]; !ok {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out
}

// Tables lists the database's own tables (not the engine's, nor the test
// kit's change counters).
func Tables(ctx context.Context, db *database.DB) ([]string, error) {
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '` + changesTable + `' ORDER BY name`
	if db.Dialect == database.Postgres {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`
	}
	var names []string
	err := db.Select(ctx, &names, q)
	return names, err
}

// Snapshot fingerprints every table of the database but skip. It reads
// whole tables, so it is meant for test databases of demo size; after the
// first, it reads again only the tables written since (changes.go).
func (e *Env) Snapshot(skip ...string) State {
	e.T.Helper()
	ctx := context.Background()
	tables, err := Tables(ctx, e.DB)
	if err != nil {
		e.T.Fatal(err)
	}
	tables = slices.DeleteFunc(tables, func(t string) bool { return slices.Contains(skip, t) })
	if e.changes == nil {
		if e.changes, err = track(ctx, e.DB, tables); err != nil {
			e.T.Fatalf("change counters: %v", err)
		}
	}
	counters, err := e.changes.counters(ctx, e.DB)
	if err != nil {
		e.T.Fatalf("change counters: %v", err)
	}
	st := State{}
	var stale []string
	for _, t := range tables {
		last, hashed := e.changes.last[t]
		if c, tracked := counters[t]; hashed && tracked && last.counter == c {
			st[t] = last.hash
			continue
		}
		stale = append(stale, t)
	}
	fresh, err := hashTables(ctx, e.DB, stale)
	if err != nil {
		e.T.Fatalf("snapshot: %v", err)
	}
	for t, h := range fresh {
		st[t] = h
		if c, tracked := counters[t]; tracked {
			e.changes.last[t] = trackedHash{hash: h, counter: c}
		}
	}
	return st
}

// hashTables fingerprints tables: one hash per table over all its rows.
func hashTables(ctx context.Context, db *database.DB, tables []string) (map[string]string, error) {
	out := make(map[string]string, len(tables))
	if len(tables) == 0 {
		return out, nil
	}
	if db.Dialect == database.Postgres {
		// one round trip: the server hashes each table's rows in text form
		var parts []string
		for _, t := range tables {
			parts = append(parts, fmt.Sprintf(`SELECT '%s' AS t, COUNT(*) || ':' || COALESCE(md5(string_agg(x::text, E'\n' ORDER BY x::text)), '') AS h FROM %s x`, t, t))
		}
		var rows []struct {
			T string `db:"t"`
			H string `db:"h"`
		}
		if err := db.Select(ctx, &rows, strings.Join(parts, " UNION ALL ")); err != nil {
			return nil, err
		}
		for _, r := range rows {
			out[r.T] = r.H
		}
		return out, nil
	}
	for _, t := range tables {
		h, err := tableHash(ctx, db.SQL(), t)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t, err)
		}
		out[t] = h
	}
	return out, nil
}

func tableHash(ctx context.Context, db *sql.DB, table string) (string, error) {
	rows, err := db.QueryContext(ctx, `SELECT * FROM `+table) // table names come from the catalog
	if err != nil {
		return "", err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return "", err
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	var lines []string
	var b strings.Builder
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return "", err
		}
		b.Reset()
		for i, v := range vals {
			if i > 0 {
				b.WriteByte('\x1f')
			}
			switch x := v.(type) {
			case []byte:
				b.WriteString(hex.EncodeToString(x))
			case time.Time:
				b.WriteString(x.UTC().Format(time.RFC3339Nano))
			default:
				fmt.Fprintf(&b, "%v", x)
			}
		}
		lines = append(lines, b.String())
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	slices.Sort(lines)
	sum := sha256.New()
	for _, l := range lines {
		sum.Write([]byte(l))
		sum.Write([]byte{'\n'})
	}
	return fmt.Sprintf("%d:%x", len(lines), sum.Sum(nil)[:8]), nil
}

// CorporateAccountID is the internal id of a company.
func (e *Env) CorporateAccountID(ospID string) int64 {
	e.T.Helper()
	var id int64
	if err := e.DB.Get(context.Background(), &id, `SELECT id FROM corporate_accounts WHERE osp_id = ?`, ospID); err != nil {
		e.T.Fatalf("company %s: %v", ospID, err)
	}
	return id
}

// PartnerID is the internal id of a partner.
func (e *Env) PartnerID(ospID string) int64 {
	e.T.Helper()
	var id int64
	if err := e.DB.Get(context.Background(), &id, `SELECT id FROM partners WHERE osp_id = ?`, ospID); err != nil {
		e.T.Fatalf("partner %s: %v", ospID, err)
	}
	return id
}

// NewUser creates a user through the user service, as the demo seed does,
// with the demo password, and returns its ospId.
func (e *Env) NewUser(u user.NewUser) string {
	e.T.Helper()
	ctx := context.Background()
	if u.Email == "" {
		u.Email = u.Login + "@example.com"
	}
	if u.Firstname == "" {
		u.Firstname, u.Lastname = "Test", u.Login
	}
	id, osp, err := e.App.Users.Create(ctx, u)
	if err != nil {
		e.T.Fatalf("create %s: %v", u.Login, err)
	}
	if err := e.App.Auth.SetPassword(ctx, id, seed.DemoPassword); err != nil {
		e.T.Fatalf("password of %s: %v", u.Login, err)
	}
	return osp
}

// CompanyAdmin creates an admin of company companyOspID holding roles.
func (e *Env) CompanyAdmin(login, companyOspID string, roles ...access.Role) string {
	e.T.Helper()
	ca := e.CorporateAccountID(companyOspID)
	return e.NewUser(user.NewUser{Login: login, CorporateAccountID: &ca, Roles: roles, Language: "en"})
}

// PartnerAdmin creates an admin of partner partnerOspID holding roles.
func (e *Env) PartnerAdmin(login, partnerOspID string, roles ...access.Role) string {
	e.T.Helper()
	p := e.PartnerID(partnerOspID)
	return e.NewUser(user.NewUser{Login: login, PartnerID: &p, Roles: roles, Language: "en"})
}

// PlantSession writes a live session with an access token for the user
// straight into the session tables and returns the bearer token. It stands
// for a token a user may hold without the sign-in call having issued it to
// them now: one issued before their roles changed or before a rule was
// tightened. Authentication must judge the user as they are today.
func (e *Env) PlantSession(userOspID string) string {
	e.T.Helper()
	ctx := context.Background()
	var uid int64
	if err := e.DB.Get(ctx, &uid, `SELECT id FROM users WHERE osp_id = ?`, userOspID); err != nil {
		e.T.Fatalf("user %s: %v", userOspID, err)
	}
	now := database.Now(e.Clock.Now())
	sid, err := e.DB.Insert(ctx, `INSERT INTO sessions (user_id, created_at) VALUES (?, ?) RETURNING id`, uid, now)
	if err != nil {
		e.T.Fatal(err)
	}
	raw := make([]byte, 32)
	_, _ = rand.Read(raw)
	token := base64.RawURLEncoding.EncodeToString(raw)
	sum := sha256.Sum256([]byte(token)) // the auth store keeps hex SHA-256 of the bearer token
	if _, err := e.DB.Exec(ctx, `INSERT INTO session_tokens (token_hash, session_id, kind, expires_at) VALUES (?, ?, 'access', ?)`,
		hex.EncodeToString(sum[:]), sid, now.Add(time.Hour)); err != nil {
		e.T.Fatal(err)
	}
	return token
}
