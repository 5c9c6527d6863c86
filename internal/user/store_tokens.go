package user

import (
	"context"
	"time"

	"mobility/portal/internal/access"
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
		WHERE user_id = ? ORDER BY created_at, id`, userID); err != nil {
		return nil, nil, err
	}
	var fields []tokenFieldRow
	if err := s.db.Select(ctx, &fields, `SELECT f.token_id, f.field_type, f.value FROM identification_token_fields f
		JOIN identification_tokens t ON t.id = f.token_id WHERE t.user_id = ? ORDER BY f.field_type`, userID); err != nil {
		return nil, nil, err
	}
	return rows, fields, nil
}

func (s *store) tokenValueCount(ctx context.Context, fieldType, value string) (int, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM identification_token_fields WHERE field_type = ? AND value = ?`, fieldType, value)
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

// tokenInScope finds a token whose user lies in the scope, in one query.
func (s *store) tokenInScope(ctx context.Context, scope access.Scope, ospID string) (tokenOwner, error) {
	cond, args := scoped(scope)
	var tok tokenOwner
	err := s.db.Get(ctx, &tok, `SELECT t.id, t.user_id FROM identification_tokens t JOIN users u ON u.id = t.user_id
		WHERE t.osp_id = ? AND `+cond,
		append([]any{ospID}, args...)...)
	return tok, err
}

// deleteToken removes a token and its fields in one transaction.
func (s *store) deleteToken(ctx context.Context, id int64) error {
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		if _, err := s.db.Exec(ctx, `DELETE FROM identification_token_fields WHERE token_id = ?`, id); err != nil {
			return err
		}
		_, err := s.db.Exec(ctx, `DELETE FROM identification_tokens WHERE id = ?`, id)
		return err
	})
}
