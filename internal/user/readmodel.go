package user

import (
	"time"

	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
)

// Display is what other domains show of a user: who owns a budget or an
// expense, who booked a row.
type Display struct {
	ID         int64   `db:"id"`
	OspID      string  `db:"osp_id"`
	Firstname  string  `db:"firstname"`
	Lastname   string  `db:"lastname"`
	Email      string  `db:"email"`
	Language   string  `db:"language"`
	ContractID string  `db:"contract_id"`
	Login      *string `db:"login"`
	Active     bool    `db:"active"`
	// DeactivatedAt is when an inactive user was switched off (nil while
	// active): provider surcharges' window counts from it
	DeactivatedAt *time.Time `db:"deactivated_at"`
}

// FullName is the name shown for the user.
func (d Display) FullName() string { return FullName(d.Firstname, d.Lastname, d.Email) }

// Displays returns the display fields of the users with ids within scope,
// by id, in one query per 500 ids; ids outside scope are left out. Who
// booked a row the caller may read can be outside the caller's tenant
// (platform staff): callers naming bookers pass access.SystemScope().
func (s *Service) Displays(ctx context.Context, scope access.Scope, ids []int64) (map[int64]Display, error) {
	rows, err := s.store.displays(ctx, scope, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64]Display, len(rows))
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}

// IDsInCompany turns the public ids of a company's users into ids, leaving
// out unknown, foreign and anonymized users, in one query. The caller has
// already checked the company against its scope (usergroup, through
// usergroup.Service.UseUsers).
func (s *Service) IDsInCompany(ctx context.Context, companyID int64, ospIDs []string) (map[string]int64, error) {
	return s.store.idsInCompany(ctx, companyID, ospIDs)
}
