package user

import (
	"context"
	"fmt"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

func (s *store) appUsersPerMonth(ctx context.Context, scope access.Scope, ids []int64, months []MonthBounds) ([]MonthlyUsers, error) {
	var cols []string
	var margs []any
	for i, m := range months {
		cols = append(cols,
			fmt.Sprintf(`SUM(CASE WHEN COALESCE(u.start_activation_time, u.created_at) < ? AND (u.active OR u.updated_at >= ?) THEN 1 ELSE 0 END) AS a%d`, i),
			fmt.Sprintf(`SUM(CASE WHEN u.created_at >= ? AND u.created_at < ? THEN 1 ELSE 0 END) AS n%d`, i))
		margs = append(margs, m.End, m.End, m.Start, m.End)
	}
	cond, sargs := scope.InCompanies("u.corporate_account_id")
	head := `SELECT u.corporate_account_id, ` + strings.Join(cols, ", ") + ` FROM users u
		WHERE u.user_type = '` + TypeMobile + `' AND u.anonymized_at IS NULL AND u.corporate_account_id IS NOT NULL AND ` + cond
	var out []MonthlyUsers
	run := func(q string, args []any) error {
		rows, err := s.db.Query(ctx, q, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var company int64
			vals := make([]*int64, 2*len(months))
			dest := []any{&company}
			for i := range vals {
				dest = append(dest, &vals[i])
			}
			if err := rows.Scan(dest...); err != nil {
				return err
			}
			for i, m := range months {
				out = append(out, MonthlyUsers{CompanyID: company, Month: m.Month, Active: deref(vals[2*i]), New: deref(vals[2*i+1])})
			}
		}
		return rows.Err()
	}
	if ids == nil {
		return out, run(head+` GROUP BY u.corporate_account_id`, append(margs, sargs...))
	}
	for i := 0; i < len(ids); i += database.InBatch {
		part := ids[i:min(i+database.InBatch, len(ids))]
		args := append(append([]any{}, margs...), sargs...)
		for _, id := range part {
			args = append(args, id)
		}
		if err := run(head+` AND u.corporate_account_id IN (`+database.Placeholders(len(part))+`) GROUP BY u.corporate_account_id`, args); err != nil {
			return nil, err
		}
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
