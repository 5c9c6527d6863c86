package cli

import (
	"context"
	"errors"
	"fmt"

	"mobility/portal/internal/seed"
)

func seedCmd(ctx context.Context, env Env, args []string) error {
	// --demo is the shared option (PORTAL_DEMO) that serve also reads.
	app, err := open(ctx, env, "seed", args, nil)
	if err != nil {
		return err
	}
	defer app.DB.Close()
	if !app.Config.Demo {
		return errors.New("say what to seed: --demo")
	}
	if err := seed.Demo(ctx, seed.Deps{DB: app.DB, Users: app.Users, Auth: app.Auth, Now: app.Clock.Now()}); err != nil {
		return err
	}
	fmt.Fprintln(env.Stdout, "demo data seeded; every demo login has password", seed.DemoPassword)
	return nil
}
