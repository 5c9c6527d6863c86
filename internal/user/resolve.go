package user

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
)

// Resolved is a user as other domains need them: ids, company, state.
type Resolved struct {
	ID        int64
	OspID     string
	CompanyID int64 // 0 for users outside a company
	Type      string
	Active    bool
	FullName  string
	// Firstname, Lastname and ContractID let a caller that booked on the
	// user answer with their names without reading them again
	Firstname  string
	Lastname   string
	ContractID string
	Email      string
	Language   string
}

func (r *row) resolved() *Resolved {
	out := &Resolved{ID: r.ID, OspID: r.OspID, Type: r.UserType, Active: r.Active,
		FullName: FullName(r.Firstname, r.Lastname, r.Email), Firstname: r.Firstname, Lastname: r.Lastname,
		ContractID: r.ContractID, Email: r.Email, Language: r.Language}
	if r.CorporateAccountID != nil {
		out.CompanyID = *r.CorporateAccountID
	}
	return out
}

// Resolve finds a user the principal may reach; others are NOT_FOUND. It
// reads only the users table (no roles), as other domains call it on hot
// paths such as booking an expense.
func (s *Service) Resolve(ctx context.Context, p *access.Principal, ospID string) (*Resolved, error) {
	if ospID == "" {
		return nil, apperr.NotFound("user")
	}
	// answered from memory at the request's sign-in epoch, which every
	// change of a user moves (database/epoch.go)
	r, err := s.resolvedAt.Read(ctx, resolveKey{p.Scope, ospID}, func(ctx context.Context) (Resolved, error) {
		r, err := s.store.resolve(ctx, p.Scope, ospID)
		if err != nil {
			return Resolved{}, err
		}
		return *r.resolved(), nil
	})
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("user")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return &r, nil
}

// resolveKey is what Resolve's answer depends on.
type resolveKey struct {
	scope access.Scope
	ospID string
}

// ResolveFilter turns a list's optional company and user filters into
// ids within the principal's reach (0 for an empty filter); a company or
// user out of reach is NOT_FOUND, as for any call naming it.
func (s *Service) ResolveFilter(ctx context.Context, p *access.Principal, companyOspID, userOspID string) (companyID, userID int64, err error) {
	if companyOspID != "" {
		ca, err := s.companies.Resolve(ctx, p, companyOspID)
		if err != nil {
			return 0, 0, err
		}
		companyID = ca.ID
	}
	if userOspID != "" {
		u, err := s.Resolve(ctx, p, userOspID)
		if err != nil {
			return 0, 0, err
		}
		userID = u.ID
	}
	return companyID, userID, nil
}

// ResolveID returns a user by internal id within scope; another tenant's
// is NOT_FOUND (callers holding an id from a row they reached pass
// access.SystemScope()).
func (s *Service) ResolveID(ctx context.Context, scope access.Scope, id int64) (*Resolved, error) {
	r, err := s.store.byIDIn(ctx, scope, id)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("user")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return r.resolved(), nil
}

// ContactsOf lists the active contacts of a company with a contact type
// (e.g. the budget contacts to warn about a low company budget).
func (s *Service) ContactsOf(ctx context.Context, companyID int64, contactType string) ([]Resolved, error) {
	rows, err := s.store.contacts(ctx, companyID, contactType)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]Resolved, 0, len(rows))
	for i := range rows {
		out = append(out, *rows[i].resolved())
	}
	return out, nil
}
