package auth

import (
	"context"
	"strings"
)

// credentialStates reads the sign-in state of users by id, 500 ids a
// query; users without credentials are left out.
func (s *store) credentialStates(ctx context.Context, ids []int64) (map[int64]Credentials, error) {
	out := make(map[int64]Credentials, len(ids))
	for i := 0; i < len(ids); i += 500 {
		part := ids[i:min(i+500, len(ids))]
		args := make([]any, len(part))
		for j, id := range part {
			args[j] = id
		}
		var rows []struct {
			UserID           int64 `db:"user_id"`
			FailedLoginCount int   `db:"failed_login_count"`
			Blocked          bool  `db:"blocked"`
			TOTPConfirmed    bool  `db:"totp_confirmed"`
		}
		if err := s.db.Select(ctx, &rows, `SELECT user_id, failed_login_count, blocked, totp_confirmed FROM credentials
			WHERE user_id IN (`+strings.TrimSuffix(strings.Repeat("?,", len(part)), ",")+`)`, args...); err != nil {
			return nil, err
		}
		for _, r := range rows {
			out[r.UserID] = Credentials{FailedLoginCount: r.FailedLoginCount, Blocked: r.Blocked, TwoFactorEnrolled: r.TOTPConfirmed}
		}
	}
	return out, nil
}
