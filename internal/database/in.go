package database

import (
	"context"
	"strings"
)

// InBatch is how many ids one "id IN (...)" query takes: far below
// SQLite's and PostgreSQL's parameter limits, large enough for a page.
const InBatch = 500

// Placeholders is "?,?,…" for n arguments.
func Placeholders(n int) string { return strings.TrimSuffix(strings.Repeat("?,", n), ",") }

// Key is what SelectIn batches: internal ids or public (osp) ids.
type Key interface{ ~int64 | ~string }

// SelectIn reads rows for a list of ids, InBatch ids a query: query gets
// the placeholders of one batch for its IN list, and the arguments are
// that batch's ids followed by extra (a scope condition's arguments). The
// batches' rows come back in one slice.
func SelectIn[T any, K Key](ctx context.Context, db *DB, ids []K, query func(in string) string, extra ...any) ([]T, error) {
	var out []T
	for i := 0; i < len(ids); i += InBatch {
		part := ids[i:min(i+InBatch, len(ids))]
		args := make([]any, 0, len(part)+len(extra))
		for _, id := range part {
			args = append(args, id)
		}
		var rows []T
		if err := db.Select(ctx, &rows, query(Placeholders(len(part))), append(args, extra...)...); err != nil {
			return nil, err
		}
		out = append(out, rows...)
	}
	return out, nil
}

// ValuesChunk is how many rows one multi-row INSERT of InsertValues
// takes: with 23 columns still far below either database's parameter
// limit.
const ValuesChunk = 400

// InsertValues writes n rows in multi-row statements of ValuesChunk rows
// at most: write gets the VALUES list of rows [lo, hi), each row a
// parenthesised list of cols placeholders, and the arguments of those
// rows (row appends row i's cols arguments).
func InsertValues(n, cols int, row func(i int, args []any) []any, write func(values string, args []any) error) error {
	one := "(" + strings.Join(strings.Split(strings.Repeat("?", cols), ""), ", ") + ")"
	for lo := 0; lo < n; lo += ValuesChunk {
		hi := min(lo+ValuesChunk, n)
		ph := make([]string, 0, hi-lo)
		args := make([]any, 0, cols*(hi-lo))
		for i := lo; i < hi; i++ {
			ph = append(ph, one)
			args = row(i, args)
		}
		if err := write(strings.Join(ph, ", "), args); err != nil {
			return err
		}
	}
	return nil
}
