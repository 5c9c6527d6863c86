// Package architecture holds the rules about the code's shape that a test
// can check: which package owns which table (read from ARCHITECTURE.md at the
// repository root, the one list of owners), and where SQL may live.
package architecture

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Ownership is what ARCHITECTURE.md declares.
type Ownership struct {
	// Owner maps a table to the package (path below internal/) that writes
	// it and alone has SQL naming it.
	Owner map[string]string
	// Leaks are the known breaches still to be removed, as "pkg/file.go
	// table" (table "-" for SQL outside a store file); the test fails when
	// one is listed but no longer happens, so the list only shrinks.
	Leaks map[string]bool
	// Exempt are packages whose SQL is not checked (migrations, test kit).
	Exempt map[string]bool
	// Allowed are lasting, reasoned exceptions, as "pkg/file.go table":
	// the file may name the table outside its owner's store.
	Allowed map[string]bool
}

var (
	ownerRow  = regexp.MustCompile("^\\|\\s*`([a-z0-9_]+)`\\s*\\|\\s*`([a-z0-9_/]+)`\\s*\\|")
	leakRow   = regexp.MustCompile("^-\\s+`([a-z0-9_/]+\\.go)`\\s+(?:names\\s+)?`([a-z0-9_]+|-)`")
	exemptRow = regexp.MustCompile("^-\\s+exempt:\\s+`([a-z0-9_/]+)`")
	allowRow  = regexp.MustCompile("^-\\s+allowed:\\s+`([a-z0-9_/]+\\.go)`\\s+names\\s+`([a-z0-9_]+)`")
)

// ReadOwnership parses ARCHITECTURE.md: the rows "| `table` | `pkg` | ... |"
// of the owners table, the lines "- `pkg/file.go` names `table`" (or "`-`")
// of the known leaks and "- exempt: `pkg`".
func ReadOwnership(path string) (Ownership, error) {
	f, err := os.Open(path)
	if err != nil {
		return Ownership{}, err
	}
	defer f.Close()
	o := Ownership{Owner: map[string]string{}, Leaks: map[string]bool{}, Exempt: map[string]bool{}, Allowed: map[string]bool{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if m := ownerRow.FindStringSubmatch(line); m != nil {
			if prev, dup := o.Owner[m[1]]; dup {
				return o, fmt.Errorf("table %s has two owners: %s and %s", m[1], prev, m[2])
			}
			o.Owner[m[1]] = m[2]
		} else if m := leakRow.FindStringSubmatch(line); m != nil {
			o.Leaks[m[1]+" "+m[2]] = true
		} else if m := allowRow.FindStringSubmatch(line); m != nil {
			o.Allowed[m[1]+" "+m[2]] = true
		} else if m := exemptRow.FindStringSubmatch(line); m != nil {
			o.Exempt[m[1]] = true
		}
	}
	return o, sc.Err()
}

// Use is one table named by SQL in one file.
type Use struct {
	Pkg, File, Table string // File relative to internal/
	Line             int
}

var (
	tableRef = regexp.MustCompile(`(?i)\b(?:FROM|JOIN|INTO|UPDATE|TABLE(?:\s+IF\s+(?:NOT\s+)?EXISTS)?)\s+([a-z_][a-z0-9_]*)`)
	sqlStart = regexp.MustCompile(`(?s)^\s*(?:SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER|DROP)\s`)
)

// ScanSQL walks every non-test Go file below dir (internal/) and reports
// each known table that a string literal's SQL names, plus, with Table "-",
// each literal that reads as SQL but names no known table.
func ScanSQL(dir string, tables map[string]string) ([]Use, error) {
	var uses []Use
	fset := token.NewFileSet()
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			line := fset.Position(lit.Pos()).Line
			found := false
			for _, m := range tableRef.FindAllStringSubmatch(s, -1) {
				name := strings.ToLower(m[1])
				if _, ok := tables[name]; ok {
					uses = append(uses, Use{Pkg: filepath.ToSlash(filepath.Dir(rel)), File: rel, Table: name, Line: line})
					found = true
				}
			}
			if !found && sqlStart.MatchString(s) && strings.ContainsAny(s, " \n") && looksLikeSQL(s) {
				uses = append(uses, Use{Pkg: filepath.ToSlash(filepath.Dir(rel)), File: rel, Table: "-", Line: line})
			}
			return true
		})
		return nil
	})
	sort.Slice(uses, func(i, j int) bool {
		if uses[i].File != uses[j].File {
			return uses[i].File < uses[j].File
		}
		return uses[i].Line < uses[j].Line
	})
	return uses, err
}

// looksLikeSQL tells a statement from an English sentence that happens to
// start with "Select" or "Update": SQL has a second keyword.
func looksLikeSQL(s string) bool {
	u := strings.ToUpper(s)
	for _, kw := range []string{" FROM ", " SET ", " VALUES", " WHERE ", " INTO ", " TABLE "} {
		if strings.Contains(strings.Join(strings.Fields(u), " ")+" ", kw) {
			return true
		}
	}
	return false
}

// IsStoreFile reports whether a file (relative to internal/) may hold SQL:
// store.go, store_*.go or *_store.go of its package.
func IsStoreFile(rel string) bool {
	base := filepath.Base(rel)
	return strings.HasSuffix(base, ".go") && (strings.HasPrefix(base, "store") || strings.HasSuffix(base, "_store.go"))
}
