package architecture

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestTableOwnership holds the code to ARCHITECTURE.md: every table the
// migrations create has one owner; a package's SQL names only tables it
// owns; SQL sits only in a package's store files. Known leaks are listed
// in the document and must still happen (the list only shrinks).
func TestTableOwnership(t *testing.T) {
	own, err := ReadOwnership("../../ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(own.Owner) == 0 {
		t.Fatal("ARCHITECTURE.md lists no table owners")
	}

	// every table the migrations create has exactly one owner in the list
	for _, table := range migrationTables(t) {
		if _, ok := own.Owner[table]; !ok {
			t.Errorf("table %s (internal/database/migrations) has no owner in ARCHITECTURE.md", table)
		}
	}
	for table, pkg := range own.Owner {
		if fi, err := os.Stat(filepath.Join("..", pkg)); err != nil || !fi.IsDir() {
			t.Errorf("owner %s of %s is not a package below internal/", pkg, table)
		}
	}

	uses, err := ScanSQL("..", own.Owner)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, u := range uses {
		if exempt(own, u.Pkg) || own.Allowed[u.File+" "+u.Table] {
			continue
		}
		if u.Table != "-" && own.Owner[u.Table] != u.Pkg {
			key := u.File + " " + u.Table
			seen[key] = true
			if !own.Leaks[key] {
				t.Errorf("internal/%s:%d: SQL names %s, which %s owns; ask the owner's service or a read model it exports",
					u.File, u.Line, u.Table, own.Owner[u.Table])
			}
		}
		if !IsStoreFile(u.File) && !allowedFile(own, u.File) {
			key := u.File + " -"
			seen[key] = true
			if !own.Leaks[key] {
				t.Errorf("internal/%s:%d: SQL outside a store file; move it to %s/store*.go", u.File, u.Line, u.Pkg)
			}
		}
	}
	var stale []string
	for key := range own.Leaks {
		if !seen[key] {
			stale = append(stale, key)
		}
	}
	sort.Strings(stale)
	for _, key := range stale {
		t.Errorf("ARCHITECTURE.md lists the leak %q, which no longer happens: remove it from the list", key)
	}
}

// allowedFile: a file with an allowed exception may hold that SQL outside
// a store file (the tenant predicate in access/scope.go).
func allowedFile(own Ownership, file string) bool {
	for key := range own.Allowed {
		if strings.HasPrefix(key, file+" ") {
			return true
		}
	}
	return false
}

func exempt(own Ownership, pkg string) bool {
	for p := range own.Exempt {
		if pkg == p || strings.HasPrefix(pkg, p+"/") {
			return true
		}
	}
	return false
}

var createTable = regexp.MustCompile(`(?i)CREATE\s+(?:VIRTUAL\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z_][a-z0-9_]*)`)
var renameTo = regexp.MustCompile(`(?i)RENAME\s+TO\s+([a-z_][a-z0-9_]*)`)
var dropTable = regexp.MustCompile(`(?i)DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?([a-z_][a-z0-9_]*)`)

// migrationTables lists the tables the migrations leave behind: created
// ones, less those a later step drops or renames away (the *_new/_old
// copies of a table rebuild).
func migrationTables(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../database/migrations/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no migrations found: %v", err)
	}
	tables := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		up := string(b)
		if i := strings.Index(up, "-- +goose Down"); i >= 0 {
			up = up[:i]
		}
		for _, m := range createTable.FindAllStringSubmatch(up, -1) {
			tables[strings.ToLower(m[1])] = true
		}
		for _, m := range renameTo.FindAllStringSubmatch(up, -1) {
			tables[strings.ToLower(m[1])] = true
		}
		for _, m := range dropTable.FindAllStringSubmatch(up, -1) {
			delete(tables, strings.ToLower(m[1]))
		}
	}
	var out []string
	for name := range tables {
		if strings.HasSuffix(name, "_new") || strings.HasSuffix(name, "_old") {
			continue // a rebuild's temporary copy, renamed to the real name in the same step
		}
		out = append(out, name)
	}
	sort.Strings(out)
	if len(out) < 10 {
		t.Fatalf("only %d tables found in the migrations: %v", len(out), out)
	}
	return out
}

// TestScannerFindsSQL keeps the scanner honest on a small sample.
func TestScannerFindsSQL(t *testing.T) {
	dir := t.TempDir()
	src := "package x\n\nconst q = `SELECT b.id FROM budgets b JOIN users u ON u.id = b.user_id`\n" +
		"const w = \"DELETE FROM sessions WHERE id = ?\"\n" +
		"const msg = \"Select a budget from the list\"\n" +
		"const raw = `UPDATE things SET a = 1`\n"
	if err := os.MkdirAll(filepath.Join(dir, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "x", "service.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	uses, err := ScanSQL(dir, map[string]string{"budgets": "budget", "users": "user", "sessions": "auth"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, u := range uses {
		got = append(got, fmt.Sprintf("%s:%d %s", u.File, u.Line, u.Table))
	}
	want := "x/service.go:3 budgets|x/service.go:3 users|x/service.go:4 sessions|x/service.go:6 -"
	if strings.Join(got, "|") != want {
		t.Fatalf("scan = %v, want %s", got, want)
	}
	if IsStoreFile("x/service.go") || !IsStoreFile("x/store_settings.go") || !IsStoreFile("x/store.go") {
		t.Fatal("IsStoreFile is wrong")
	}
}
