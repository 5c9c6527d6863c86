package user

import (
	"context"
	"fmt"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
)

// User counts: user's read model for reporting and the dashboard.

// MonthBounds is a month (yyyyMM) and its instants [Start, End).
type MonthBounds struct {
	Month      string
	Start, End time.Time
}

// MonthlyUsers is a company's app users in a month: Active at the month's
// end, New created during it.
type MonthlyUsers struct {
	CompanyID int64
	Month     string
	Active    int64
	New       int64
}

// AppUsersPerMonth counts the app users of the companies of ids (nil:
// every company in scope) within scope, per company and month, in one query
// per 500 companies, from the user_activity_hours read model: an app user
// counts as active from its activation (or creation) until it is
// deactivated, anonymized or leaves its company, each change kept by the
// triggers on users (migration 00018), so past months keep their counts.
// New is the app users created in the month.
func (s *Service) AppUsersPerMonth(ctx context.Context, scope access.Scope, ids []int64, months []MonthBounds) ([]MonthlyUsers, error) {
	if len(months) == 0 {
		return nil, nil
	}
	rows, err := s.store.appUsersPerMonth(ctx, scope, ids, months)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return rows, nil
}

// AppUserState is an app user as the users report shows them.
type AppUserState struct {
	ID                  int64      `db:"id"`
	OspID               string     `db:"osp_id"`
	Firstname           string     `db:"firstname"`
	Lastname            string     `db:"lastname"`
	Email               string     `db:"email"`
	EmployeeNumber      string     `db:"employee_number"`
	Active              bool       `db:"active"`
	StartActivationTime *time.Time `db:"start_activation_time"`
	CreatedAt           time.Time  `db:"created_at"`
	UpdatedAt           time.Time  `db:"updated_at"`
}

// AppUsersOf lists a company's app users (not anonymized), by name; the
// company must lie in scope.
func (s *Service) AppUsersOf(ctx context.Context, scope access.Scope, companyID int64) ([]AppUserState, error) {
	rows, err := s.store.appUsersOf(ctx, scope, companyID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return rows, nil
}

// ContactEmails lists the e-mail addresses of a company's active users
// with a contact type (e.g. ContactHR); the company must lie in scope.
func (s *Service) ContactEmails(ctx context.Context, scope access.Scope, companyID int64, contactType string) ([]string, error) {
	rows, err := s.store.contactEmails(ctx, scope, companyID, contactType)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return rows, nil
}

// CheckActivity compares the user-count read model with the users table:
// per company, the changes kept must add up to the app users counted as
// active now (those whose activation lies ahead included). It describes
// every difference (none: nil). The created counts have nothing to be
// checked against (the users table forgets a user's type at creation), and
// the hours cannot be rebuilt from a table that keeps no history; a repair
// re-runs migration 00018's backfill.
func (s *Service) CheckActivity(ctx context.Context) ([]string, error) {
	rows, err := s.store.activityCheck(ctx)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	var out []string
	for _, r := range rows {
		if r.Kept != r.Active {
			out = append(out, fmt.Sprintf("company %d: kept active %d, users table %d", r.CompanyID, r.Kept, r.Active))
		}
	}
	return out, nil
}
