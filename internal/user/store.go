package user

import (
	"context"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

type store struct{ db *database.DB }

type profile struct {
	ID                 int64   `db:"id"`
	OspID              string  `db:"osp_id"`
	Firstname          string  `db:"firstname"`
	Lastname           string  `db:"lastname"`
	Email              string  `db:"email"`
	Login              *string `db:"login"`
	Language           string  `db:"language"`
	TwoFactorEnabled   bool    `db:"two_factor_enabled"`
	CorporateAccountID *int64  `db:"corporate_account_id"`
	PartnerID          *int64  `db:"partner_id"`
}

func (s *store) profile(ctx context.Context, id int64) (*profile, error) {
	var p profile
	err := s.db.Get(ctx, &p, `SELECT id, osp_id, firstname, lastname, email, login, language, two_factor_enabled,
		corporate_account_id, partner_id FROM users WHERE id = ?`, id)
	return &p, err
}

func (s *store) setLanguage(ctx context.Context, id int64, lang string, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE users SET language = ?, updated_at = ? WHERE id = ?`, lang, now, id)
	return err
}

func (s *store) insert(ctx context.Context, ospID string, u NewUser, now time.Time) (int64, error) {
	var login any
	if u.Login != "" {
		login = u.Login
	}
	id, err := s.db.Insert(ctx, `INSERT INTO users (osp_id, corporate_account_id, partner_id, firstname, lastname, email,
		login, language, two_factor_enabled, active, start_activation_time, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, TRUE, ?, ?, ?) RETURNING id`,
		ospID, u.CorporateAccountID, u.PartnerID, u.Firstname, u.Lastname, u.Email, login, u.Language,
		u.TwoFactorEnabled, now, now, now)
	if err != nil {
		return 0, err
	}
	for _, r := range u.Roles {
		if _, err := s.db.Exec(ctx, `INSERT INTO user_roles (user_id, role) VALUES (?, ?)`, id, string(r)); err != nil {
			return 0, err
		}
	}
	return id, nil
}

func (s *store) idByLogin(ctx context.Context, login string) (int64, error) {
	var id int64
	err := s.db.Get(ctx, &id, `SELECT id FROM users WHERE login = ?`, login)
	return id, err
}

func (s *store) roles(ctx context.Context, id int64) ([]access.Role, error) {
	var roles []access.Role
	err := s.db.Select(ctx, &roles, `SELECT role FROM user_roles WHERE user_id = ? ORDER BY role`, id)
	return roles, err
}
