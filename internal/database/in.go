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
