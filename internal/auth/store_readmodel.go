package auth

import (
	"context"

	"mobility/portal/internal/database"
)

// credentialStates reads the sign-in state of users by id, 500 ids a
// query; users without credentials are left out.
func (s *store) credentialStates(ctx context.Context, ids []int64) (map[int64]Credentials, error) {
	type state struct {
		UserID           int64 `db:"user_id"`
		FailedLoginCount int   `db:"failed_login_count"`
		Blocked          bool  `db:"blocked"`
		TOTPConfirmed    bool  `db:"totp_confirmed"`
	}
	rows, err := database.SelectIn[state](ctx, s.db, ids, func(in string) string {
		return `SELECT user_id, failed_login_count, blocked, totp_confirmed FROM credentials WHERE user_id IN (` + in + `)`
	})
	if err != nil {
		return nil, err
	}
	out := make(map[int64]Credentials, len(rows))
	for _, r := range rows {
		out[r.UserID] = Credentials{FailedLoginCount: r.FailedLoginCount, Blocked: r.Blocked, TwoFactorEnrolled: r.TOTPConfirmed}
	}
	return out, nil
}
