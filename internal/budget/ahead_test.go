package budget_test

import (
	"context"
	"fmt"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

// Postings queued in one group-commit batch, each announcing its
// budget's move (MoveAhead), have their moves made in one statement
// (store.moveAll) with each one's own guards and scope: a spend that
// would overdraw a limited budget is INSUFFICIENT_BUDGET, a budget
// outside the caller's scope is NOT_FOUND, each refusing only itself;
// the others are booked with exact balances and ledger rows, and the
// batch does not break.
func TestMovesAheadKeepEachPostingsGuardsAndScope(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acme := e.LoginAs("acme.admin")
		acmeID := e.CorporateAccountID(seed.AcmeOspID)
		n := 0
		// a limited budget of its own app user
		limited := func(start int64) int64 {
			n++
			owner := e.NewUser(user.NewUser{Login: fmt.Sprintf("ahead.%d", n), CorporateAccountID: &acmeID, Roles: []access.Role{access.OspUser}})
			b := create(t, e, acme, "COMMUTING_BUDGET", owner, map[string]any{"frequency": "", "startAmount": start})
			return budgetID(t, e, b.OspID)
		}
		acmeScope := access.Scope{CorporateAccountID: acmeID}
		globexScope := access.Scope{CorporateAccountID: e.CorporateAccountID(seed.GlobexOspID)}
		partnerScope := access.Scope{PartnerID: e.PartnerID(seed.MobiPartnerOspID)}
		otherPartner := access.Scope{PartnerID: e.PartnerID(seed.OtherPartnerOspID)}
		spend := func(amount int64) budget.Entry {
			return budget.Entry{Type: budget.TxEvent, Amount: -amount, Description: "tram", Spend: true}
		}
		type posting struct {
			scope  access.Scope
			budget int64
			entry  budget.Entry
			label  string // the refusal, "" for booked
			after  int64  // the balance it leaves, when booked
		}
		postings := []posting{
			{acmeScope, limited(1000), spend(700), "", 300},
			{acmeScope, limited(500), spend(700), budget.LabelInsufficient, 0},
			{globexScope, limited(1000), spend(100), "NOT_FOUND", 0},
			{partnerScope, limited(1000), spend(250), "", 750},
			{otherPartner, limited(1000), spend(100), "NOT_FOUND", 0},
			{access.SystemScope(), limited(1000), spend(1000), "", 0},
			{acmeScope, limited(0), budget.Entry{Type: budget.TxManualUpdate, Amount: 400, Description: "credit"}, "", 400},
		}
		before := e.DB.GroupStats()
		errs := make([]error, len(postings))
		afters := make([]int64, len(postings))
		testkit.QueueBehindGate(t, e.DB, len(postings), func(i int) {
			p := postings[i]
			errs[i] = e.DB.WithGroupTxAhead(ctx, e.App.Budgets.MoveAhead(p.scope, p.budget, p.entry), func(ctx context.Context) error {
				_, after, err := e.App.Budgets.PostKnown(ctx, p.scope, p.budget, p.entry, nil)
				afters[i] = after
				return err
			})
		})
		for i, p := range postings {
			switch {
			case p.label == "" && errs[i] != nil:
				t.Errorf("posting %d: %v", i, errs[i])
			case p.label == "" && afters[i] != p.after:
				t.Errorf("posting %d answered the balance %d, want %d", i, afters[i], p.after)
			case p.label != "" && (apperr.As(errs[i]) == nil || apperr.As(errs[i]).Label != p.label):
				t.Errorf("posting %d: want %s, got %v", i, p.label, errs[i])
			}
			var got struct {
				Balance int64 `db:"balance"`
				Start   int64 `db:"start_amount"`
			}
			if err := e.DB.Get(ctx, &got, `SELECT balance, start_amount FROM budgets WHERE id = ?`, p.budget); err != nil {
				t.Fatal(err)
			}
			want := got.Start
			if p.label == "" {
				want = p.after
			}
			if got.Balance != want {
				t.Errorf("posting %d left the balance %d, want %d", i, got.Balance, want)
			}
		}
		st := e.DB.GroupStats()
		if st.Broken != before.Broken || st.AheadRuns-before.AheadRuns != 1 || st.AheadWrites-before.AheadWrites != int64(len(postings)) {
			t.Fatalf("stats %+v after %+v: want every move made ahead in one statement, the batch whole", st, before)
		}
		assertLedgerConsistent(t, e)
	})
}
