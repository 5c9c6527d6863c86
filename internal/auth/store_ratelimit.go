package auth

import (
	"context"
	"time"

	"mobility/portal/internal/database"
)

// limiter counts hits per bucket in fixed windows stored in the database,
// so several portal processes share one count.
type limiter struct {
	db     *database.DB
	window time.Duration
}

// allow records a hit on bucket and tells whether it stays within max.
func (l *limiter) allow(ctx context.Context, bucket string, max int, now time.Time) (bool, error) {
	start := now.Truncate(l.window).Unix()
	var hits int
	err := l.db.Get(ctx, &hits, `INSERT INTO rate_limits (bucket, window_start, hits) VALUES (?, ?, 1)
		ON CONFLICT (bucket) DO UPDATE SET
			hits = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.hits + 1 ELSE 1 END,
			window_start = excluded.window_start
		RETURNING hits`, bucket, start)
	if err != nil {
		return false, err
	}
	return hits <= max, nil
}
