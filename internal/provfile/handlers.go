package provfile

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/user"
)

// HandlerNames are the names of who uploaded and processed a page of
// uploads, by user id.
type HandlerNames map[int64]user.Display

// Handlers reads, in one query, the names of who uploaded and processed
// each of a page of uploads (who: a row's uploader and its processor, nil
// while unprocessed). They may be platform staff, outside the caller's
// scope: their names are shown, nothing else of them.
func Handlers[R any](ctx context.Context, users *user.Service, rows []R, who func(r *R) (uploader int64, processor *int64)) (HandlerNames, error) {
	ids := make([]int64, 0, 2*len(rows))
	for i := range rows {
		up, pr := who(&rows[i])
		ids = append(ids, up)
		if pr != nil {
			ids = append(ids, *pr)
		}
	}
	names, err := users.Displays(ctx, access.SystemScope(), ids)
	return HandlerNames(names), err
}

// Of is the name of user id.
func (n HandlerNames) Of(id int64) string { return n[id].FullName() }

// OfOptional is the name of user id, "" for nil (not processed yet).
func (n HandlerNames) OfOptional(id *int64) string {
	if id == nil {
		return ""
	}
	return n[*id].FullName()
}
