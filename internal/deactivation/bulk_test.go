package deactivation_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"

	"mobility/portal/internal/database"
	"mobility/portal/internal/testkit"
)

// bigPartner inserts a partner with companies, each with one admin (who
// holds user_manager) and appUsers app users with a budget of 10 € each,
// straight into the tables: the deactivation is under test, not creation.
// It returns the partner's ospId and its companies' ids.
func bigPartner(tb testing.TB, e *testkit.Env, name string, companies, appUsers int) (string, []int64) {
	tb.Helper()
	ctx := context.Background()
	now := database.Now(e.Clock.Now())
	osp := uuid.NewString()
	var ids []int64
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		pid, err := e.DB.Insert(ctx, `INSERT INTO partners (osp_id, name, ext_id, partner_type, created_at) VALUES (?, ?, ?, 'MSP', ?) RETURNING id`,
			osp, name, strings.ToUpper(name), now)
		if err != nil {
			return err
		}
		for c := 0; c < companies; c++ {
			cid, err := e.DB.Insert(ctx, `INSERT INTO corporate_accounts (osp_id, partner_id, name, ext_id, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`,
				uuid.NewString(), pid, fmt.Sprintf("%s company %d", name, c), fmt.Sprintf("%s-C%d", strings.ToUpper(name), c), now)
			if err != nil {
				return err
			}
			ids = append(ids, cid)
			const batch = 400
			for done := 0; done < appUsers+1; done += batch {
				size := min(batch, appUsers+1-done)
				var ph []string
				var args []any
				for i := 0; i < size; i++ {
					k := done + i
					typ := "mobile"
					if k == 0 {
						typ = "admin"
					}
					ph = append(ph, "(?, ?, ?, 'Bulk', ?, ?, ?, 'nl', TRUE, ?, ?, ?)")
					login := fmt.Sprintf("%s.%d.%d", strings.ToLower(name), c, k)
					args = append(args, uuid.NewString(), cid, typ, login, login+"@example.com", login, now, now, now)
				}
				var uids []int64
				if err := e.DB.Select(ctx, &uids, `INSERT INTO users (osp_id, corporate_account_id, user_type, firstname, lastname, email, login,
					language, active, start_activation_time, created_at, updated_at) VALUES `+strings.Join(ph, ",")+` RETURNING id`, args...); err != nil {
					return err
				}
				var bph []string
				var bargs []any
				for i, uid := range uids {
					if done+i == 0 {
						if _, err := e.DB.Exec(ctx, `INSERT INTO user_roles (user_id, role) VALUES (?, 'user_manager')`, uid); err != nil {
							return err
						}
						continue
					}
					bph = append(bph, "(?, ?, ?, 'BUSINESS_BUDGET', 'MANUAL', 1000, ?, ?, ?)")
					bargs = append(bargs, uuid.NewString(), cid, uid, now, now, now)
				}
				if len(bph) > 0 {
					var bids []int64
					if err := e.DB.Select(ctx, &bids, `INSERT INTO budgets (osp_id, corporate_account_id, user_id, budget_type, frequency_method, balance,
						start_activation_time, created_at, updated_at) VALUES `+strings.Join(bph, ",")+` RETURNING id`, bargs...); err != nil {
						return err
					}
					var tph []string
					var targs []any
					for _, bid := range bids {
						tph = append(tph, "(?, ?, 'start_amount', 1000, 1000, ?, ?)")
						targs = append(targs, uuid.NewString(), bid, e.Clock.Now().Format("2006-01-02"), now)
					}
					if _, err := e.DB.Exec(ctx, `INSERT INTO budget_transactions (osp_id, budget_id, tx_type, amount, balance_after, booking_date, created_at)
						VALUES `+strings.Join(tph, ","), targs...); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	if e.DB.Dialect == database.Postgres {
		if _, err := e.DB.Exec(ctx, `ANALYZE`); err != nil {
			tb.Fatal(err)
		}
	}
	return osp, ids
}
