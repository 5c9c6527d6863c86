package cli

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ledgerCmd is `portal ledger verify`: it proves that every budget's
// balance is the sum of its transactions and that each transaction's
// balance_after chains from the one before, prints every budget that is
// wrong and what is wrong, and exits non-zero when anything is.
func ledgerCmd(ctx context.Context, env Env, args []string) error {
	if len(args) == 0 || args[0] != "verify" {
		return errors.New("usage: portal ledger verify [flags]")
	}
	app, err := open(ctx, env, "ledger verify", args[1:], nil)
	if err != nil {
		return err
	}
	defer app.DB.Close()
	start := time.Now()
	rep, err := app.Budgets.VerifyLedger(ctx)
	if err != nil {
		return err
	}
	for _, p := range rep.Problems {
		fmt.Fprintln(env.Stdout, p.String())
	}
	fmt.Fprintf(env.Stdout, "ledger verify: %d budgets, %d transactions checked in %s; %d budgets wrong\n",
		rep.Budgets, rep.Rows, time.Since(start).Round(time.Millisecond), rep.BadBudgets())
	if n := rep.BadBudgets(); n > 0 {
		return fmt.Errorf("%d budgets do not match their ledger", n)
	}
	return nil
}
