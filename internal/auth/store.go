package auth

import (
	"context"
	"time"

	"mobility/portal/internal/database"
)

// store is the auth package's SQL: it owns credentials, sessions, tokens
// and reset tokens. The user a credential belongs to comes from user's
// read model (users), not from SQL here.
type store struct {
	db    *database.DB
	users Identities
	epoch *database.SharedRead[int64] // the sign-in epoch, one read for the requests that come during the one before (authEpoch)
}

func newStore(db *database.DB) *store {
	s := &store{db: db}
	s.epoch = database.NewSharedRead(func(ctx context.Context) (int64, error) {
		var e int64
		err := s.db.Get(ctx, &e, `SELECT epoch FROM auth_epoch WHERE id = 1`)
		return e, err
	})
	return s
}

// identity is a user as sign-in needs it, with their credentials.
type identity struct {
	Identity
	credentialRow
}

// credentialRow is a user's credentials (zero when they have none).
type credentialRow struct {
	PasswordHash     *string `db:"password_hash"`
	FailedLoginCount int     `db:"failed_login_count"`
	Blocked          bool    `db:"blocked"`
	TOTPSecret       *string `db:"totp_secret"`
	TOTPConfirmed    bool    `db:"totp_confirmed"`
	TOTPLastStep     int64   `db:"totp_last_step"`
}

const credentialColumns = `c.password_hash, COALESCE(c.failed_login_count, 0) AS failed_login_count, COALESCE(c.blocked, FALSE) AS blocked,
	c.totp_secret, COALESCE(c.totp_confirmed, FALSE) AS totp_confirmed, COALESCE(c.totp_last_step, 0) AS totp_last_step`

// withCredentials adds the credentials of a user to their identity.
func (s *store) withCredentials(ctx context.Context, u *Identity) (*identity, error) {
	var c []credentialRow
	if err := s.db.Select(ctx, &c, `SELECT `+credentialColumns+` FROM credentials c WHERE c.user_id = ?`, u.UserID); err != nil {
		return nil, err
	}
	id := &identity{Identity: *u}
	if len(c) > 0 {
		id.credentialRow = c[0]
	}
	return id, nil
}

// identityByLogin finds a user by login; sql.ErrNoRows when none.
func (s *store) identityByLogin(ctx context.Context, login string) (*identity, error) {
	u, err := s.users.IdentityByLogin(ctx, login)
	if err != nil {
		return nil, err
	}
	return s.withCredentials(ctx, u)
}

func (s *store) identityByID(ctx context.Context, userID int64) (*identity, error) {
	u, err := s.users.IdentityByID(ctx, userID)
	if err != nil {
		return nil, err
	}
	return s.withCredentials(ctx, u)
}

// identitiesByEmail lists the users with a login at an address.
func (s *store) identitiesByEmail(ctx context.Context, email string) ([]identity, error) {
	us, err := s.users.IdentitiesByEmail(ctx, email)
	if err != nil {
		return nil, err
	}
	out := make([]identity, 0, len(us))
	for i := range us {
		id, err := s.withCredentials(ctx, &us[i])
		if err != nil {
			return nil, err
		}
		out = append(out, *id)
	}
	return out, nil
}

// tokenIdentity is an identity found through one of its session's tokens.
type tokenIdentity struct {
	identity
	SessionID    int64      `db:"session_id"`
	Kind         string     `db:"kind"`
	ExpiresAt    time.Time  `db:"expires_at"`
	UsedAt       *time.Time `db:"used_at"`
	SessionEnded *time.Time `db:"revoked_at"`
}

func (s *store) identityByToken(ctx context.Context, hash string) (*tokenIdentity, error) {
	// Indexed lookups only: the token with its session and credentials (one
	// query, auth's own tables), then the user from user's read model by
	// primary key; independent of user count.
	var tok struct {
		SessionID    int64      `db:"session_id"`
		UserID       int64      `db:"user_id"`
		Kind         string     `db:"kind"`
		ExpiresAt    time.Time  `db:"expires_at"`
		UsedAt       *time.Time `db:"used_at"`
		SessionEnded *time.Time `db:"revoked_at"`
		credentialRow
	}
	if err := s.db.Get(ctx, &tok, `SELECT st.session_id, se.user_id, st.kind, st.expires_at, st.used_at, se.revoked_at, `+credentialColumns+`
		FROM session_tokens st JOIN sessions se ON se.id = st.session_id LEFT JOIN credentials c ON c.user_id = se.user_id
		WHERE st.token_hash = ?`, hash); err != nil {
		return nil, err
	}
	u, err := s.users.IdentityByID(ctx, tok.UserID)
	if err != nil {
		return nil, err
	}
	return &tokenIdentity{identity: identity{Identity: *u, credentialRow: tok.credentialRow}, SessionID: tok.SessionID, Kind: tok.Kind,
		ExpiresAt: tok.ExpiresAt, UsedAt: tok.UsedAt, SessionEnded: tok.SessionEnded}, nil
}

func (s *store) setPasswordHash(ctx context.Context, userID int64, hash string, now time.Time) error {
	n, err := s.db.Exec(ctx, `UPDATE credentials SET password_hash = ?, failed_login_count = 0, blocked = FALSE, password_changed_at = ? WHERE user_id = ?`, hash, now, userID)
	if err != nil || n > 0 {
		return err
	}
	_, err = s.db.Exec(ctx, `INSERT INTO credentials (user_id, password_hash, password_changed_at) VALUES (?, ?, ?)`, userID, hash, now)
	return err
}

// recordFailure counts one more consecutive failure and blocks at limit;
// it returns whether the user is now blocked.
func (s *store) recordFailure(ctx context.Context, userID int64, limit int) (bool, error) {
	if _, err := s.db.Exec(ctx, `UPDATE credentials SET failed_login_count = failed_login_count + 1,
		blocked = (failed_login_count + 1 >= ?) WHERE user_id = ?`, limit, userID); err != nil {
		return false, err
	}
	var blocked bool
	err := s.db.Get(ctx, &blocked, `SELECT blocked FROM credentials WHERE user_id = ?`, userID)
	return blocked, err
}

func (s *store) clearFailures(ctx context.Context, userID int64) error {
	_, err := s.db.Exec(ctx, `UPDATE credentials SET failed_login_count = 0 WHERE user_id = ? AND failed_login_count <> 0`, userID)
	return err
}

// unblock clears the failure count and the block.
func (s *store) unblock(ctx context.Context, userID int64) error {
	_, err := s.db.Exec(ctx, `UPDATE credentials SET failed_login_count = 0, blocked = FALSE WHERE user_id = ?`, userID)
	return err
}

func (s *store) setPendingTOTP(ctx context.Context, userID int64, secret string) error {
	_, err := s.db.Exec(ctx, `UPDATE credentials SET totp_secret = ?, totp_confirmed = FALSE, totp_last_step = 0 WHERE user_id = ?`, secret, userID)
	return err
}

// useTOTPStep confirms enrolment and records the step of a used code; it
// refuses (false) a step not later than the last one, so a code is used once.
func (s *store) useTOTPStep(ctx context.Context, userID, step int64) (bool, error) {
	n, err := s.db.Exec(ctx, `UPDATE credentials SET totp_confirmed = TRUE, totp_last_step = ? WHERE user_id = ? AND totp_last_step < ?`, step, userID, step)
	return n == 1, err
}

func (s *store) clearTOTP(ctx context.Context, userID int64) error {
	_, err := s.db.Exec(ctx, `UPDATE credentials SET totp_secret = NULL, totp_confirmed = FALSE, totp_last_step = 0 WHERE user_id = ?`, userID)
	return err
}

func (s *store) createSession(ctx context.Context, userID int64, now time.Time) (int64, error) {
	return s.db.Insert(ctx, `INSERT INTO sessions (user_id, created_at) VALUES (?, ?) RETURNING id`, userID, now)
}

func (s *store) addToken(ctx context.Context, sessionID int64, hash, kind string, expires time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO session_tokens (token_hash, session_id, kind, expires_at) VALUES (?, ?, ?, ?)`, hash, sessionID, kind, expires)
	return err
}

// authEpoch is the sign-in epoch (migration 00035): it moves with every
// change that could alter or end a principal. Every request reads it: a
// request that comes while another's read is under way shares the next
// read (database.SharedRead), begun after it came, so it still sees every
// change committed before it.
func (s *store) authEpoch(ctx context.Context) (int64, error) {
	return s.epoch.Do(ctx)
}

// useRefreshToken marks a refresh token used; false when it already was
// (a second use is a replay).
func (s *store) useRefreshToken(ctx context.Context, hash string, now time.Time) (bool, error) {
	n, err := s.db.Exec(ctx, `UPDATE session_tokens SET used_at = ? WHERE token_hash = ? AND kind = 'refresh' AND used_at IS NULL`, now, hash)
	return n == 1, err
}

func (s *store) revokeSession(ctx context.Context, sessionID int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`, now, sessionID)
	return err
}

// revokeOtherSessions ends every session of the user but keep (0: all).
func (s *store) revokeOtherSessions(ctx context.Context, userID, keep int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND id <> ? AND revoked_at IS NULL`, now, userID, keep)
	return err
}

func (s *store) addResetToken(ctx context.Context, userID int64, hash string, expires time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO reset_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?)`, hash, userID, expires)
	return err
}

// useResetToken consumes a live reset token and returns its user, or 0.
func (s *store) useResetToken(ctx context.Context, hash string, now time.Time) (int64, error) {
	var userID int64
	err := s.db.Get(ctx, &userID, `SELECT user_id FROM reset_tokens WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`, hash, now)
	if database.IsNoRows(err) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	n, err := s.db.Exec(ctx, `UPDATE reset_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL`, now, hash)
	if err != nil || n != 1 {
		return 0, err
	}
	return userID, nil
}

// endResetTokens makes every unused reset link of a user unusable; it
// marks them used, like a consumed one, so the check stays one query.
func (s *store) endResetTokens(ctx context.Context, userID int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE reset_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL`, now, userID)
	return err
}

// deleteExpiredTokens removes tokens that can no longer be used.
func (s *store) deleteExpiredTokens(ctx context.Context, now time.Time) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM session_tokens WHERE expires_at < ?`, now); err != nil {
		return err
	}
	_, err := s.db.Exec(ctx, `DELETE FROM reset_tokens WHERE expires_at < ?`, now)
	return err
}

// setPincode stores a pincode hash; 0 rows when the user has no credentials yet.
func (s *store) setPincode(ctx context.Context, userID int64, hash string) (int64, error) {
	return s.db.Exec(ctx, `UPDATE credentials SET pincode_hash = ? WHERE user_id = ?`, hash, userID)
}

func (s *store) insertCredentials(ctx context.Context, userID int64, passwordHash, pincodeHash string, now time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO credentials (user_id, password_hash, pincode_hash, password_changed_at) VALUES (?, ?, ?, ?)`,
		userID, passwordHash, pincodeHash, now)
	return err
}

// forget deletes a user's credentials and reset tokens and revokes their
// sessions.
func (s *store) forget(ctx context.Context, userID int64, now time.Time) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM credentials WHERE user_id = ?`, userID); err != nil {
		return err
	}
	if _, err := s.db.Exec(ctx, `UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL`, now, userID); err != nil {
		return err
	}
	_, err := s.db.Exec(ctx, `DELETE FROM reset_tokens WHERE user_id = ?`, userID)
	return err
}
