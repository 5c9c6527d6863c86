package seed

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/database"
)

var (
	firstNames = []string{"Jan", "Marie", "Luc", "Sofie", "Pieter", "Emma", "Tom", "Laura", "Wim", "Nathalie", "Koen", "Julie",
		"Bart", "Elise", "Jean", "Claire", "Pierre", "Camille", "Lucas", "Louise", "Noah", "Olivia", "Arthur", "Mila"}
	lastNames = []string{"Peeters", "Janssens", "Maes", "Jacobs", "Mertens", "Willems", "Claes", "Goossens", "Wouters",
		"De Smet", "Dubois", "Lambert", "Dupont", "Martin", "Leclercq", "Simon", "Laurent", "Lemaire", "Vermeulen", "Hermans"}
)

// Users bulk-inserts n app users into a company (for benchmarks: `portal
// seed --users N`), with realistic names, in batches inside one
// transaction, and puts them in the company's default group.
func Users(ctx context.Context, db *database.DB, companyOspID string, n int, now time.Time) error {
	var company struct {
		ID    int64  `db:"id"`
		ExtID string `db:"ext_id"`
	}
	if err := db.Get(ctx, &company, `SELECT id, COALESCE(ext_id, '') AS ext_id FROM corporate_accounts WHERE osp_id = ?`, companyOspID); err != nil {
		return fmt.Errorf("company %s: %w", companyOspID, err)
	}
	var groupID int64
	if err := db.Get(ctx, &groupID, `SELECT id FROM user_groups WHERE corporate_account_id = ? AND is_default`, company.ID); err != nil {
		return fmt.Errorf("default group of %s (seed the demo first): %w", companyOspID, err)
	}
	now = database.Now(now)
	var start int
	if err := db.Get(ctx, &start, `SELECT COUNT(*) FROM users`); err != nil {
		return err
	}
	const batch = 400
	return db.WithTx(ctx, func(ctx context.Context) error {
		for done := 0; done < n; done += batch {
			size := min(batch, n-done)
			var ph []string
			var args []any
			for i := 0; i < size; i++ {
				k := start + done + i
				first, last := firstNames[k%len(firstNames)], lastNames[(k/len(firstNames))%len(lastNames)]
				login := fmt.Sprintf("%s.%s.%d", strings.ToLower(first), strings.ToLower(strings.ReplaceAll(last, " ", "")), k)
				ph = append(ph, "(?, ?, 'mobile', ?, ?, ?, ?, 'nl', ?, ?, TRUE, ?, ?, ?)")
				args = append(args, uuid.NewString(), company.ID, first, last, login+"@example.com", login,
					fmt.Sprintf("E%06d", k), fmt.Sprintf("%s-%06d", company.ExtID, k), now, now, now)
			}
			var ids []int64
			if err := db.Select(ctx, &ids, `INSERT INTO users (osp_id, corporate_account_id, user_type, firstname, lastname, email, login,
				language, employee_number, ext_id, active, start_activation_time, created_at, updated_at) VALUES `+strings.Join(ph, ",")+` RETURNING id`, args...); err != nil {
				return err
			}
			var rph []string
			var rargs, margs []any
			var mph []string
			for _, id := range ids {
				rph = append(rph, "(?, 'ospuser')")
				rargs = append(rargs, id)
				mph = append(mph, "(?, ?)")
				margs = append(margs, groupID, id)
			}
			if _, err := db.Exec(ctx, `INSERT INTO user_roles (user_id, role) VALUES `+strings.Join(rph, ","), rargs...); err != nil {
				return err
			}
			if _, err := db.Exec(ctx, `INSERT INTO user_group_members (user_group_id, user_id) VALUES `+strings.Join(mph, ","), margs...); err != nil {
				return err
			}
		}
		return nil
	})
}
