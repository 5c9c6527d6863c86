package user

import (
	"context"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
)

// A user's identification tokens and their fields.

type tokenRow struct {
	ID        int64   `db:"id"`
	OspID     string  `db:"osp_id"`
	Type      string  `db:"token_type"`
	ValidFrom *string `db:"valid_from"`
}

type tokenFieldRow struct {
	TokenID int64 `db:"token_id"`
	TokenField
}

// tokens reads a user's tokens and all their fields in two queries.
func (s *store) tokens(ctx context.Context, userID int64) ([]tokenRow, []tokenFieldRow, error) {
	var rows []tokenRow
	if err := s.db.Select(ctx, &rows, `SELECT id, osp_id, token_type, valid_from FROM identification_tokens
		WHERE user_id = ? AND valid_until IS NULL ORDER BY created_at, id`, userID); err != nil {
		return nil, nil, err
	}
	var fields []tokenFieldRow
	if err := s.db.Select(ctx, &fields, `SELECT f.token_id, f.field_type, f.value FROM identification_token_fields f
		JOIN identification_tokens t ON t.id = f.token_id WHERE t.user_id = ? AND t.valid_until IS NULL ORDER BY f.field_type`, userID); err != nil {
		return nil, nil, err
	}
	return rows, fields, nil
}

// tokenValueCount counts the current (not ended) tokens holding a value.
func (s *store) tokenValueCount(ctx context.Context, fieldType, value string) (int, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM identification_token_fields
		WHERE field_type = ? AND value = ? AND valid_until IS NULL`, fieldType, value)
	return n, err
}

// insertToken stores a token and its fields in one transaction.
func (s *store) insertToken(ctx context.Context, userID int64, t Token, now time.Time) error {
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		id, err := s.db.Insert(ctx, `INSERT INTO identification_tokens (osp_id, user_id, token_type, valid_from, created_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`, t.OspID, userID, t.Type, t.ValidFrom, now)
		if err != nil {
			return err
		}
		for _, f := range t.Fields {
			if _, err := s.db.Exec(ctx, `INSERT INTO identification_token_fields (token_id, field_type, value) VALUES (?, ?, ?)`,
				id, f.FieldType, f.Value); err != nil {
				return err
			}
		}
		return nil
	})
}

type tokenOwner struct {
	ID     int64 `db:"id"`
	UserID int64 `db:"user_id"`
}

// tokenInScope finds a current token whose user lies in the scope, in one
// query (an ended token is history: it is not found).
func (s *store) tokenInScope(ctx context.Context, scope access.Scope, ospID string) (tokenOwner, error) {
	cond, args := scoped(scope)
	var tok tokenOwner
	err := s.db.Get(ctx, &tok, `SELECT t.id, t.user_id FROM identification_tokens t JOIN users u ON u.id = t.user_id
		WHERE t.osp_id = ? AND t.valid_until IS NULL AND `+cond,
		append([]any{ospID}, args...)...)
	return tok, err
}

// endToken ends a current token and its fields on day (valid_until) in
// one transaction; the rows stay, so older provider lines still find the
// holder. false: it had ended already (a concurrent delete).
func (s *store) endToken(ctx context.Context, id int64, day string) (bool, error) {
	var n int64
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if n, err = s.db.Exec(ctx, `UPDATE identification_tokens SET valid_until = ? WHERE id = ? AND valid_until IS NULL`, day, id); err != nil || n == 0 {
			return err
		}
		_, err = s.db.Exec(ctx, `UPDATE identification_token_fields SET valid_until = ? WHERE token_id = ?`, day, id)
		return err
	})
	return n > 0, err
}

// TokenOwner is who holds, or held, a token field value (the
// provider-data read model): the user, their company, whether they are
// active and since when they are not, and the days the token is valid on
// (from ValidFrom, none: ever; until the day before ValidUntil, none: on).
type TokenOwner struct {
	Value     string `db:"value"`
	UserID    int64  `db:"user_id"`
	UserOspID string `db:"osp_id"`
	CompanyID int64  `db:"corporate_account_id"`
	// CompanyOspID is the user's company's public id
	CompanyOspID  string     `db:"company_osp_id"`
	Active        bool       `db:"active"`
	DeactivatedAt *time.Time `db:"deactivated_at"`
	ValidFrom     *string    `db:"valid_from"`
	ValidUntil    *string    `db:"valid_until"`
}

// tokenOwners reads the holders, current and past, of field values of one
// field type, 500 values a query.
func (s *store) tokenOwners(ctx context.Context, fieldType string, values []string) ([]TokenOwner, error) {
	return database.SelectIn[TokenOwner](ctx, s.db, values, func(in string) string {
		return `SELECT f.value, t.user_id, u.osp_id, COALESCE(u.corporate_account_id, 0) AS corporate_account_id,
			COALESCE(` + company.Attr("u.corporate_account_id", company.FieldOspID) + `, '') AS company_osp_id, u.active, u.deactivated_at, t.valid_from, t.valid_until
			FROM identification_token_fields f JOIN identification_tokens t ON t.id = f.token_id JOIN users u ON u.id = t.user_id
			WHERE f.value IN (` + in + `) AND f.field_type = ?`
	}, fieldType)
}
