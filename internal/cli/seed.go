package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"mobility/portal/internal/seed"
)

func seedCmd(ctx context.Context, env Env, args []string) error {
	var demo bool
	app, err := open(ctx, env, "seed", args, func(fs *flag.FlagSet) {
		fs.BoolVar(&demo, "demo", false, "seed the demo data of the README into an empty database")
	})
	if err != nil {
		return err
	}
	defer app.DB.Close()
	if !demo {
		return errors.New("say what to seed: --demo")
	}
	if err := seed.Demo(ctx, seed.Deps{DB: app.DB, Users: app.Users, Auth: app.Auth, Now: app.Clock.Now()}); err != nil {
		return err
	}
	fmt.Fprintln(env.Stdout, "demo data seeded; every demo login has password", seed.DemoPassword)
	return nil
}
