package idempotency

import (
	"context"
	"time"

	"mobility/portal/internal/database"
)

// store is the only code with SQL that names idempotency_keys.
type store struct{ db *database.DB }

// answer is a stored first answer and the hash of the request it answered.
type answer struct {
	RequestHash string `db:"request_hash"`
	Status      int    `db:"status"`
	ContentType string `db:"content_type"`
	Body        []byte `db:"body"`
}

// claim takes (user, key) for this request in the transaction of ctx, in
// one statement: it inserts the pair, or takes over the pair's row when that
// is older than the window (an expired key is free again even before the
// daily clean-up ran). On PostgreSQL the insert waits while another open
// transaction holds the same pair, and then takes nothing if that one
// committed: the repeat sees the first answer instead of booking again. On
// SQLite write transactions are serialised already. false means the pair
// is taken.
func (s *store) claim(ctx context.Context, userID int64, key, hash string, now, expiredAt time.Time) (bool, error) {
	// the key's row is not one the sign-in epoch follows: the call's
	// reads of users and companies may still come from memory
	// (database/epoch.go)
	n, err := s.db.Exec(database.OffEpoch(ctx), `INSERT INTO idempotency_keys (user_id, idem_key, request_hash, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id, idem_key) DO UPDATE SET request_hash = excluded.request_hash, status = 0, content_type = '',
			body = NULL, created_at = excluded.created_at
		WHERE idempotency_keys.created_at <= ?`, userID, key, hash, now, expiredAt)
	return n == 1, err
}

// find reads the answer stored for (user, key).
func (s *store) find(ctx context.Context, userID int64, key string) (*answer, error) {
	var a answer
	err := s.db.Get(ctx, &a, `SELECT request_hash, status, content_type, body FROM idempotency_keys WHERE user_id = ? AND idem_key = ?`,
		userID, key)
	if err != nil {
		return nil, err
	}
	return &a, nil
}

// save stores the answer on the claimed row (same transaction as claim).
func (s *store) save(ctx context.Context, userID int64, key string, a answer) error {
	_, err := s.db.Exec(ctx, `UPDATE idempotency_keys SET status = ?, content_type = ?, body = ? WHERE user_id = ? AND idem_key = ?`,
		a.Status, a.ContentType, a.Body, userID, key)
	return err
}

// deleteExpired removes the rows created at or before expiredAt.
func (s *store) deleteExpired(ctx context.Context, expiredAt time.Time) (int64, error) {
	return s.db.Exec(ctx, `DELETE FROM idempotency_keys WHERE created_at <= ?`, expiredAt)
}
