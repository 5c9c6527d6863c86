package user

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
)

// What the deactivation workflows (internal/deactivation) ask of users: a
// company's or partner's deactivation switches its users off and marks
// them (off_with_account), so activating the company again switches on
// exactly those, not the users an admin had switched off before. They run
// in the caller's transaction; the users must lie in scope (the condition
// is in the same query), jobs pass access.SystemScope().

// DeactivateCompanyUsers switches off every active user of a company
// (admins, app users, contacts), clears their planned activations, marks
// them, and ends the admins' sessions. It answers how many it switched off.
func (s *Service) DeactivateCompanyUsers(ctx context.Context, scope access.Scope, companyID int64) (int64, error) {
	return s.switchOffAccount(ctx, scope, "u.corporate_account_id = ?", companyID)
}

// ReactivateCompanyUsers switches on the users of a company that its
// deactivation switched off.
func (s *Service) ReactivateCompanyUsers(ctx context.Context, scope access.Scope, companyID int64) (int64, error) {
	n, err := s.store.switchOnAccount(ctx, scope, "u.corporate_account_id = ?", companyID, s.now())
	if err != nil {
		return 0, apperr.Internal(err)
	}
	return n, nil
}

// DeactivatePartnerUsers switches off the partner's own admins (users of
// the partner outside any company), marked like a company's.
func (s *Service) DeactivatePartnerUsers(ctx context.Context, scope access.Scope, partnerID int64) (int64, error) {
	return s.switchOffAccount(ctx, scope, "u.partner_id = ? AND u.corporate_account_id IS NULL", partnerID)
}

// ReactivatePartnerUsers switches on the partner's own admins that its
// deactivation switched off.
func (s *Service) ReactivatePartnerUsers(ctx context.Context, scope access.Scope, partnerID int64) (int64, error) {
	n, err := s.store.switchOnAccount(ctx, scope, "u.partner_id = ? AND u.corporate_account_id IS NULL", partnerID, s.now())
	if err != nil {
		return 0, apperr.Internal(err)
	}
	return n, nil
}

// switchOffAccount does DeactivateCompanyUsers and DeactivatePartnerUsers;
// cond is a code constant on the users table (alias u) with one argument.
func (s *Service) switchOffAccount(ctx context.Context, scope access.Scope, cond string, arg int64) (int64, error) {
	var n int64
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		// only portal users (admins) hold sessions; app users and contacts have none
		admins, err := s.store.activeAdminIDs(ctx, scope, cond, arg)
		if err != nil {
			return err
		}
		if n, err = s.store.switchOffAccount(ctx, scope, cond, arg, s.now()); err != nil {
			return err
		}
		for _, id := range admins {
			if err := s.auth.RevokeSessions(ctx, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, apperr.Internal(err)
	}
	return n, nil
}

// CompanyContacts lists the active users of a company who are its
// contacts (a contact type, or the contact role), with their language,
// for the mail announcing its deactivation. One query.
func (s *Service) CompanyContacts(ctx context.Context, scope access.Scope, companyID int64) ([]Resolved, error) {
	rows, err := s.store.companyContacts(ctx, scope, companyID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]Resolved, 0, len(rows))
	for i := range rows {
		out = append(out, *rows[i].resolved())
	}
	return out, nil
}
