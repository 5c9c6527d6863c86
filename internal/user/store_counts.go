package user

import (
	"context"
	"fmt"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

// appUsersPerMonth reads the user_activity_hours read model (kept by
// triggers on users, migration 00018): a company's hours before the range
// fall in bucket -1, each later hour in the first month it lies before the
// end of, so a company costs one index range scan of its hours up to the
// range's end. Active at the end of month i is the sum of active_delta of
// the buckets up to i; new in month i the created of bucket i.
func (s *store) appUsersPerMonth(ctx context.Context, scope access.Scope, ids []int64, months []MonthBounds) ([]MonthlyUsers, error) {
	n := len(months)
	var b strings.Builder
	margs := []any{months[0].Start}
	b.WriteString("CASE WHEN h.hour < ? THEN -1")
	for i, m := range months {
		fmt.Fprintf(&b, " WHEN h.hour < ? THEN %d", i)
		margs = append(margs, m.End)
	}
	fmt.Fprintf(&b, " ELSE %d END", n)
	cols := `SELECT h.corporate_account_id, ` + b.String() + ` AS bucket, SUM(h.active_delta) AS active, SUM(h.created) AS created
		FROM user_activity_hours h`
	cond, sargs := scope.InCompanies("h.corporate_account_id")
	where := ` WHERE h.hour < ? AND ` + cond
	wargs := append([]any{months[n-1].End}, sargs...)
	const group = ` GROUP BY h.corporate_account_id, bucket`
	type bucket struct {
		CompanyID int64 `db:"corporate_account_id"`
		Bucket    int   `db:"bucket"`
		Active    int64 `db:"active"`
		Created   int64 `db:"created"`
	}
	var rows []bucket
	if ids == nil {
		if err := s.db.Select(ctx, &rows, cols+where+group, append(margs, wargs...)...); err != nil {
			return nil, err
		}
	} else {
		for i := 0; i < len(ids); i += database.InBatch {
			part := ids[i:min(i+database.InBatch, len(ids))]
			args := append(append([]any{}, margs...), wargs...)
			for _, id := range part {
				args = append(args, id)
			}
			var got []bucket
			if err := s.db.Select(ctx, &got, cols+where+` AND h.corporate_account_id IN (`+database.Placeholders(len(part))+`)`+group, args...); err != nil {
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
		// active at the end of month i: every change before that end
		for i := max(r.Bucket, 0); i < n; i++ {
			ms[i].Active += r.Active
		}
		if r.Bucket >= 0 && r.Bucket < n {
			ms[r.Bucket].New += r.Created
		}
	}
	var out []MonthlyUsers
	for _, id := range order {
		out = append(out, per[id]...)
	}
	return out, nil
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

type activityCheckRow struct {
	CompanyID int64 `db:"company_id"`
	Kept      int64 `db:"kept"`
	Active    int64 `db:"active"`
}

// activityCheck sums the read model's changes and counts the active app
// users per company.
func (s *store) activityCheck(ctx context.Context) ([]activityCheckRow, error) {
	var out []activityCheckRow
	err := s.db.Select(ctx, &out, `SELECT c.company_id, SUM(c.kept) AS kept, SUM(c.active) AS active FROM (
		  SELECT corporate_account_id AS company_id, active_delta AS kept, 0 AS active FROM user_activity_hours
		  UNION ALL
		  SELECT corporate_account_id, 0, 1 FROM users
		  WHERE user_type = '`+TypeMobile+`' AND corporate_account_id IS NOT NULL AND active AND anonymized_at IS NULL
		) c GROUP BY c.company_id ORDER BY c.company_id`)
	return out, err
}
