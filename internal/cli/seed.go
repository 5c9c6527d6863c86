package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"mobility/portal/internal/seed"
)

func seedCmd(ctx context.Context, env Env, args []string) error {
	// --demo is the shared option (PORTAL_DEMO) that serve also reads.
	var users, ledgerRows int
	var company string
	var base bool
	app, err := open(ctx, env, "seed", args, func(fs *flag.FlagSet) {
		fs.IntVar(&users, "users", 0, "add this many generated app users (benchmarks)")
		fs.BoolVar(&base, "base", false, "with --demo: only the small base demo the tests use, without the year of history")
		fs.StringVar(&company, "company", seed.AcmeOspID, "corporate account ospId the generated users join")
		fs.IntVar(&ledgerRows, "ledger-rows", 0, "with --users: give the company's app users a budget each and this many ledger rows, spread over them and the past twelve months (benchmarks)")
	})
	if err != nil {
		return err
	}
	defer app.DB.Close()
	if !app.Config.Demo && users == 0 {
		return errors.New("say what to seed: --demo and/or --users N")
	}
	if app.Config.Demo {
		start := time.Now()
		if base {
			err = seed.Demo(ctx, seed.Deps{DB: app.DB, Users: app.Users, Auth: app.Auth, Branding: app.Branding, UserFees: app.UserFees,
				Now: app.Clock.Now()})
		} else {
			err = seed.DemoStory(ctx, app.Config, app.DB, app.Clock.Now())
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(env.Stdout, "demo data seeded in %s; every demo login has password %s\n", time.Since(start).Round(time.Millisecond), seed.DemoPassword)
	}
	if users > 0 {
		start := time.Now()
		// created one after another through the past year, as a company that grew
		now := app.Clock.Now()
		if err := seed.UsersOver(ctx, app.DB, company, users, now.AddDate(-1, 0, 0), now); err != nil {
			return err
		}
		fmt.Fprintf(env.Stdout, "%d users generated in %s\n", users, time.Since(start).Round(time.Millisecond))
		if ledgerRows > 0 {
			start = time.Now()
			n, err := seed.Ledger(ctx, app.DB, company, ledgerRows, now)
			if err != nil {
				return err
			}
			fmt.Fprintf(env.Stdout, "%d ledger rows generated in %s\n", n, time.Since(start).Round(time.Millisecond))
		}
	}
	return nil
}
