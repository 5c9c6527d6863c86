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
	var users int
	var company string
	app, err := open(ctx, env, "seed", args, func(fs *flag.FlagSet) {
		fs.IntVar(&users, "users", 0, "add this many generated app users (benchmarks)")
		fs.StringVar(&company, "company", seed.AcmeOspID, "corporate account ospId the generated users join")
	})
	if err != nil {
		return err
	}
	defer app.DB.Close()
	if !app.Config.Demo && users == 0 {
		return errors.New("say what to seed: --demo and/or --users N")
	}
	if app.Config.Demo {
		if err := seed.Demo(ctx, seed.Deps{DB: app.DB, Users: app.Users, Auth: app.Auth, Now: app.Clock.Now()}); err != nil {
			return err
		}
		fmt.Fprintln(env.Stdout, "demo data seeded; every demo login has password", seed.DemoPassword)
	}
	if users > 0 {
		start := time.Now()
		if err := seed.Users(ctx, app.DB, company, users, app.Clock.Now()); err != nil {
			return err
		}
		fmt.Fprintf(env.Stdout, "%d users generated in %s\n", users, time.Since(start).Round(time.Millisecond))
	}
	return nil
}
