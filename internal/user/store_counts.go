package user

import (
	"context"
	"fmt"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

// appUsersPerMonth groups a company's app users by three buckets: the
// month of the range their activation falls in (or before it), the month
// they were deactivated in (their last change while inactive; none when
// active) and the month they were created in. A CASE chain stops at its
// first match, so each user costs a few comparisons; the counts per month
// are summed from the buckets in Go.
func (s *store) appUsersPerMonth(ctx context.Context, scope access.Scope, ids []int64, months []MonthBounds) ([]MonthlyUsers, error) {
	n := len(months)
	chain := func(col string) (string, []any) {
		var b strings.Builder
		var args []any
		b.WriteString("CASE")
		for i, m := range months {
			fmt.Fprintf(&b, " WHEN %s < ? THEN %d", col, i)
			args = append(args, m.End)
		}
		fmt.Fprintf(&b, " ELSE %d END", n)
		return b.String(), args
	}
	act, aargs := chain("COALESCE(u.start_activation_time, u.created_at)")
	deact, dargs := chain("u.updated_at")
	created, cargs := chain("u.created_at")
	cols := fmt.Sprintf(`SELECT u.corporate_account_id, %s AS a, CASE WHEN u.active THEN %d ELSE %s END AS d,
		CASE WHEN u.created_at < ? THEN -1 ELSE %s END AS c, COUNT(*) AS n FROM users u`, act, n, deact, created)
	margs := append(append(append(aargs, dargs...), months[0].Start), cargs...)
	cond, sargs := scope.InCompanies("u.corporate_account_id")
	where := ` WHERE u.user_type = '` + TypeMobile + `' AND u.anonymized_at IS NULL AND u.corporate_account_id IS NOT NULL AND ` + cond
	const group = ` GROUP BY u.corporate_account_id, a, d, c`
	type bucket struct {
		CompanyID int64 `db:"corporate_account_id"`
		A, D, C   int
		N         int64
	}
	var rows []bucket
	if ids == nil {
		if err := s.db.Select(ctx, &rows, cols+where+group, append(margs, sargs...)...); err != nil {
			return nil, err
		}
	} else {
		for i := 0; i < len(ids); i += database.InBatch {
			part := ids[i:min(i+database.InBatch, len(ids))]
			args := append(append([]any{}, margs...), sargs...)
			for _, id := range part {
				args = append(args, id)
			}
			var got []bucket
			if err := s.db.Select(ctx, &got, cols+where+` AND u.corporate_account_id IN (`+database.Placeholders(len(part))+`)`+group, args...); err != nil {
				return nil, err
			}
			rows = append(rows, got...)
		}
	}
	per := map[int64][]MonthlyUsers{}
	var order []int64
	for _, r := range rows {
		ms := per[r.CompanyID]
		if ms == nil {
			ms = make([]MonthlyUsers, n)
			for i, m := range months {
				ms[i] = MonthlyUsers{CompanyID: r.CompanyID, Month: m.Month}
			}
			per[r.CompanyID] = ms
			order = append(order, r.CompanyID)
		}
		// active at the end of month i: activated by then, not deactivated by then
		for i := r.A; i < n && i < r.D; i++ {
			ms[i].Active += r.N
		}
		if r.C >= 0 && r.C < n {
			ms[r.C].New += r.N
		}
	}
	var out []MonthlyUsers
	for _, id := range order {
		out = append(out, per[id]...)
	}
	return out, nil
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

func (s *store) appUsersOf(ctx context.Context, scope access.Scope, companyID int64) ([]AppUserState, error) {
	cond, args := scope.InCompanies("u.corporate_account_id")
	var out []AppUserState
	err := s.db.Select(ctx, &out, `SELECT u.id, u.osp_id, u.firstname, u.lastname, u.email, u.employee_number, u.active,
		u.start_activation_time, u.created_at, u.updated_at FROM users u
		WHERE u.corporate_account_id = ? AND u.user_type = '`+TypeMobile+`' AND u.anonymized_at IS NULL AND `+cond+`
		ORDER BY u.lastname, u.firstname, u.id`, append([]any{companyID}, args...)...)
	return out, err
}

func (s *store) contactEmails(ctx context.Context, scope access.Scope, companyID int64, contactType string) ([]string, error) {
	cond, args := scope.InCompanies("u.corporate_account_id")
	var out []string
	err := s.db.Select(ctx, &out, `SELECT DISTINCT u.email FROM users u JOIN user_contact_types c ON c.user_id = u.id
		WHERE u.corporate_account_id = ? AND c.contact_type = ? AND u.active AND u.anonymized_at IS NULL AND u.email <> '' AND `+cond+`
		ORDER BY u.email`, append([]any{companyID, contactType}, args...)...)
	return out, err
}
