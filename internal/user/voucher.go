package user

import (
	"context"
	"strings"

	"mobility/portal/internal/apperr"
)

// MatchedVoucherCode is the searchMatchedOn value of a dashboard search hit
// found through a voucher code (SPEC §2: the ticket icon).
const MatchedVoucherCode = "VOUCHER_CODE"

// UseVoucherCodes hands the user search voucher's read model (voucher
// sits above user, so it is handed over at wiring): the users a voucher
// whose code equals the search (case-insensitive) belongs to or was
// redeemed by. Those users match the search too, within the caller's
// scope like every hit, with VOUCHER_CODE in searchMatchedOn.
func (s *Service) UseVoucherCodes(f func(ctx context.Context, code string) ([]int64, error)) {
	s.voucherUsers = f
}

// AppUser is an app user as a provider's file names them.
type AppUser struct {
	ID        int64  `db:"id"`
	OspID     string `db:"osp_id"`
	CompanyID int64  `db:"corporate_account_id"`
	Email     string `db:"email"`
	Active    bool   `db:"active"`
}

// AppUsersByEmail finds the app users (mobile users in a company, not
// anonymized) with these e-mail addresses, case-insensitive, in one query
// per 500 addresses, by lower-case address (several users may share one).
// Trusted callers only (a provider's file processed by platform staff).
func (s *Service) AppUsersByEmail(ctx context.Context, emails []string) (map[string][]AppUser, error) {
	lower := make([]string, 0, len(emails))
	seen := map[string]bool{}
	for _, e := range emails {
		e = strings.ToLower(strings.TrimSpace(e))
		if e != "" && !seen[e] {
			seen[e] = true
			lower = append(lower, e)
		}
	}
	rows, err := s.store.appUsersByEmail(ctx, lower)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := map[string][]AppUser{}
	for _, r := range rows {
		k := strings.ToLower(r.Email)
		out[k] = append(out[k], r)
	}
	return out, nil
}

// AppUsersByOspID finds the app users of one company by public id (not
// anonymized), in one query per 500 ids; unknown and other companies'
// ids are left out.
func (s *Service) AppUsersByOspID(ctx context.Context, companyID int64, ospIDs []string) (map[string]AppUser, error) {
	rows, err := s.store.appUsersByOspID(ctx, companyID, ospIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[string]AppUser, len(rows))
	for _, r := range rows {
		out[r.OspID] = r
	}
	return out, nil
}
