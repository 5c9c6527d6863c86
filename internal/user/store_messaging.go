package user

import (
	"context"
	"strconv"

	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/usergroup"
)

// recipientCond is the condition on users u of a message's recipients: the
// company's active app users, all of them or the members of the groups and
// the single users chosen.
func recipientCond(companyID int64, sel RecipientSelection) (string, []any) {
	cond := `u.corporate_account_id = ? AND u.user_type = '` + TypeMobile + `' AND u.active AND u.anonymized_at IS NULL`
	args := []any{companyID}
	if sel.All {
		return cond, args
	}
	var parts []string
	if len(sel.UserIDs) > 0 {
		parts = append(parts, `u.id IN (`+database.Placeholders(len(sel.UserIDs))+`)`)
		for _, id := range sel.UserIDs {
			args = append(args, id)
		}
	}
	if len(sel.GroupIDs) > 0 {
		c, a := usergroup.MemberOfAny("u.id", sel.GroupIDs)
		parts = append(parts, c)
		args = append(args, a...)
	}
	if len(parts) == 0 {
		return cond + ` AND 1=0`, args
	}
	or := parts[0]
	if len(parts) == 2 {
		or = `(` + parts[0] + ` OR ` + parts[1] + `)`
	}
	return cond + ` AND ` + or, args
}

func (s *store) recipientIDs(ctx context.Context, companyID int64, sel RecipientSelection, after int64, limit int) ([]int64, error) {
	cond, args := recipientCond(companyID, sel)
	var out []int64
	err := s.db.Select(ctx, &out, `SELECT u.id FROM users u WHERE `+cond+` AND u.id > ? ORDER BY u.id LIMIT `+strconv.Itoa(limit),
		append(args, after)...)
	return out, err
}

func (s *store) countRecipients(ctx context.Context, companyID int64, sel RecipientSelection) (int, error) {
	cond, args := recipientCond(companyID, sel)
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM users u WHERE `+cond, args...)
	return n, err
}

func (s *store) recipientPage(ctx context.Context, companyID int64, sel RecipientSelection, p paging.Pagination) ([]Display, error) {
	cond, args := recipientCond(companyID, sel)
	var out []Display
	err := s.db.Select(ctx, &out, `SELECT u.id, u.osp_id, u.firstname, u.lastname, u.email, u.language, u.contract_id, u.login, u.active
		FROM users u WHERE `+cond+` ORDER BY u.lastname, u.firstname, u.id LIMIT `+strconv.Itoa(p.Size)+` OFFSET `+strconv.Itoa(p.Offset()),
		args...)
	return out, err
}

func (s *store) activeAppUserIDs(ctx context.Context, companyID int64, ospIDs []string) ([]Display, error) {
	return database.SelectIn[Display](ctx, s.db, ospIDs, func(in string) string {
		return `SELECT u.id, u.osp_id, u.firstname, u.lastname, u.email, u.language, u.contract_id, u.login, u.active
			FROM users u WHERE u.osp_id IN (` + in + `) AND u.corporate_account_id = ? AND u.user_type = '` + TypeMobile + `'
			AND u.active AND u.anonymized_at IS NULL`
	}, companyID)
}
